import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeRuntimeProblem } from '../src/core/node-runtime';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * npm keeps running on the system's Node (which may be older); what it runs must not. These
 * start the stand-in as a person does, through npm, and on the system's Node directly.
 */
describe('npm scripts run on the Node that npm ci installed', () => {
  it('npm run platform starts the stand-in on it, with no runtime warning', async () => {
    const child = spawn('npm', ['run', 'platform', '--', '--port', '0', '--students', '0'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const output: string[] = [];
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(output.join(''))), 60_000);
        createInterface({ input: child.stdout }).on('line', (line) => {
          output.push(line);
          if (line.startsWith('Platform ready at ')) resolve(clearTimeout(timer));
        });
        child.once('exit', () => reject(new Error(output.join('\n'))));
      });
    } finally {
      const exited = once(child, 'exit');
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    // The guard in its command line let it start, so it runs on Node 24.21 or newer.
    expect(output.join('\n')).not.toMatch(/Unsupported runtime|EBADENGINE/);
  });

  const systemNode = nodeOnPathOutsideTheProject();
  const systemVersion = systemNode ? versionOf(systemNode) : undefined;
  it.skipIf(!systemVersion || !nodeRuntimeProblem(systemVersion))(
    `an entry point started on the system's older Node (${systemVersion ?? 'none found'}) says what it needs, and stops`,
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-old-node-'));
      const child = spawn(
        systemNode!,
        ['--import', 'tsx', 'src/web/cli.ts', '--no-browser', '--port', '0', '--data', dataDir],
        {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, LANG: 'en_US.UTF-8', LC_ALL: '' },
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // Without the guard the host would start and serve: stop it rather than wait forever.
      const timer = setTimeout(() => child.kill('SIGTERM'), 30_000);
      const [code] = (await once(child, 'exit')) as [number | null];
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      expect(code).toBe(1);
      expect(stderr).toContain(
        `Schooldesk runs on Node.js 24.21.0 or newer, and this is Node.js ${systemVersion}`,
      );
    },
  );
});

/**
 * The first `node` on PATH that is not one of node_modules/.bin: the system's. (Not
 * npm_node_execpath: an npm started from an npm script finds the project's Node first on
 * PATH, and runs on it.)
 */
function nodeOnPathOutsideTheProject(): string | undefined {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (dir.includes(join('node_modules', '.bin'))) continue;
    const candidate = join(dir, process.platform === 'win32' ? 'node.exe' : 'node');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

function versionOf(node: string): string | undefined {
  const result = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}
