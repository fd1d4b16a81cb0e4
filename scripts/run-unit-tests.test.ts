import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

describe('npm run test:unit', () => {
  it('reports a hung worker and fails, rather than running the tests again', () => {
    // A test whose worker blocks its own main thread: no test timeout can fire, as in the hangs
    // the watchdog was made for. It lives outside the project so the real run never meets it.
    const dir = mkdtempSync(join(tmpdir(), 'schooldesk-hang-'));
    writeFileSync(
      join(dir, 'hang.test.js'),
      'it("blocks its thread", () => { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); });\n',
    );
    try {
      const run = spawnSync(
        process.execPath,
        [tsx, 'scripts/run-unit-tests.ts', '--root', dir, '--globals'],
        {
          cwd: root,
          env: { ...process.env, VITEST_STALL_SECONDS: '3' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      const output = `${run.stdout}${run.stderr}`;
      expect(run.status, output).toBe(1);
      expect(output).toMatch(/printed nothing for 3 s: a worker hung/);
      // Vitest prints RUN once per run it starts.
      expect(output.match(/\bRUN\b/g)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
