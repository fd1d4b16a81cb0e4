/**
 * `npm run demo [-- --port <n>]`: starts the stand-in school platform with its data in
 * .platform-data/, waits until it is ready, and prints where it is and how to sign in.
 * Ctrl-C (or SIGTERM) stops it.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { electronBinaryPath } from './electron-binary';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const readyLine = /Platform ready at (http:\/\/127\.0\.0\.1:\d+)/;

const demoAccounts = [
  { email: 'owner@demo.school', password: 'demo-owner', role: 'owner: may grant every scope' },
  {
    email: 'staff@demo.school',
    password: 'demo-staff',
    role: 'staff: may grant :read scopes only',
  },
];

const { values } = parseArgs({ options: { port: { type: 'string', default: '4010' } } });
if (!/^\d+$/.test(values.port)) {
  console.error(`--port must be a number, got "${values.port}"`);
  process.exit(2);
}

console.log(`Starting the stand-in platform on port ${values.port} ...`);
const platform = spawn(
  process.execPath,
  ['--import', 'tsx', 'e2e/platform/cli.ts', '--port', values.port, '--data', '.platform-data'],
  { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
);

let ready = false;
let stopping = false;

// Pass the platform's own output through, and watch it for the ready line.
createInterface({ input: platform.stdout }).on('line', (line) => {
  console.log(line);
  const match = readyLine.exec(line);
  if (match?.[1] && !ready) {
    ready = true;
    printBanner(match[1]);
  }
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    platform.kill(signal);
  });
}

platform.on('exit', (code, signal) => {
  if (stopping) process.exit(0);
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  console.error(
    ready
      ? `The stand-in platform ${how}.`
      : `The stand-in platform ${how} before it was ready; see its output above.`,
  );
  process.exit(code || 1);
});

/** Prints the platform URL, the demo accounts and which app host this machine can run. */
function printBanner(url: string): void {
  const lines = [
    '',
    `Stand-in school platform: ${url}`,
    '',
    'Demo accounts:',
    ...demoAccounts.map(
      (a) => `  ${a.email.padEnd(20)} password ${a.password.padEnd(11)} (${a.role})`,
    ),
    '',
    `App host on this machine: ${appHost()}.`,
    'The Schooldesk app itself is not part of this build yet; the demo runs the stand-in',
    'platform on its own. Press Ctrl-C to stop it.',
    '',
  ];
  console.log(lines.join('\n'));
}

/**
 * The app opens in Electron where its binary is installed, and in the web host (served on
 * loopback, opened in a browser) where it is not, as on our CI machines.
 */
function appHost(): string {
  return electronBinaryPath() ? 'Electron' : 'web host (no Electron binary installed)';
}
