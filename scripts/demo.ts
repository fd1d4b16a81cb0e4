/**
 * `npm run demo [-- --port <n>] [--app-port <n>]`: starts the stand-in school platform (data in
 * .platform-data/), then Schooldesk pointed at it: in Electron where its binary is installed,
 * else in the web host, whose address it prints. Ctrl-C (or SIGTERM) stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { exitUnlessNodeIsCurrent } from '../src/core/node-runtime';
import { electronBinaryPath } from './electron-binary';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
exitUnlessNodeIsCurrent();

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    'app-port': { type: 'string', default: '4020' },
  },
});
for (const [flag, value] of Object.entries(values)) {
  if (!/^\d+$/.test(value)) {
    console.error(`--${flag} must be a number, got "${value}"`);
    process.exit(2);
  }
}

const children: ChildProcess[] = [];
let stopping = false;

/** Starts `args` with Node (tsx loader) and resolves with the first URL its ready line names. */
function startChild(name: string, args: string[], ready: RegExp): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = ready.exec(line);
      if (match?.[1]) resolve(match[1]);
      else console.log(`  [${name}] ${line}`);
    });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      // Said, so the other part stopping too is no surprise.
      console.error(
        `The ${name} ${signal ? `was stopped by ${signal}` : `exited with code ${code}`}; see its output above. Stopping the rest of the demo too.`,
      );
      stop(code || 1);
    });
  });
}

function stop(code = 0): void {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));

console.log(`Starting the stand-in school on port ${values.port} …`);
const school = await startChild(
  'stand-in platform',
  ['e2e/platform/cli.ts', '--port', values.port, '--data', '.platform-data'],
  /^Platform ready at (\S+)$/,
);

const lines = [
  '',
  `Stand-in school: ${school}`,
  'Demo accounts:',
  '  owner@demo.school    password demo-owner   (may grant every scope)',
  '  staff@demo.school    password demo-staff   (may grant :read scopes only)',
  '',
];

if (electronBinaryPath()) {
  console.log(lines.join('\n'));
  console.log(`Opening Schooldesk in Electron. Type ${school} as the school address.`);
  const electron = spawn('npm', ['start'], { cwd: repoRoot, stdio: 'inherit' });
  children.push(electron);
  electron.on('exit', () => stop(0));
} else {
  console.log('No Electron binary on this machine: starting Schooldesk in the web host …');
  const app = await startChild(
    'web host',
    ['src/web/cli.ts', '--port', values['app-port'], '--data', '.schooldesk-demo-data'],
    // The address, whatever the terminal's language ("Schooldesk ready at …", "Schooldesk 已就緒：…").
    /^Schooldesk\b.*?(http:\/\/127\.0\.0\.1:\d+\/#\S+)$/,
  );
  console.log(
    [
      ...lines,
      `Open Schooldesk in your browser: ${app}`,
      `Then type ${school} as the school address and press Sign in.`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}
