/**
 * `npm run test:unit`: Vitest with a watchdog.
 *
 * Twice a Vitest fork worker hung with its main thread in a futex, so no test timeout could
 * fire and the run never ended. gdb showed the cause: Node 20 deadlocking in a JWK export of a
 * freshly generated RSA key (fixed in e2e/platform/oauth/keys.ts). The watchdog stays so that
 * any such hang ends visibly: when Vitest prints nothing for STALL_SECONDS, the whole run is
 * stopped, reported, and fails. It is not started again: a second run that passes would hide a
 * hang that is a real fault of the code or the machine.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { exitUnlessNodeIsCurrent } from '../src/core/node-runtime';

exitUnlessNodeIsCurrent();

const STALL_SECONDS = Number(process.env['VITEST_STALL_SECONDS'] ?? 240);
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

function runOnce(): Promise<{ code: number; stalled: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...process.argv.slice(2)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let last = Date.now();
    let stalled = false;
    const forward = (target: NodeJS.WriteStream) => (chunk: Buffer) => {
      last = Date.now();
      target.write(chunk);
    };
    child.stdout.on('data', forward(process.stdout));
    child.stderr.on('data', forward(process.stderr));
    const watchdog = setInterval(
      () => {
        if (Date.now() - last < STALL_SECONDS * 1000) return;
        stalled = true;
        console.error(
          `\nVitest printed nothing for ${STALL_SECONDS} s: a worker hung. Stopping this run.`,
        );
        try {
          process.kill(-child.pid!, 'SIGKILL'); // the whole group: Vitest and its workers
        } catch {
          child.kill('SIGKILL');
        }
      },
      Math.min(5000, (STALL_SECONDS * 1000) / 2),
    );
    child.on('exit', (code) => {
      clearInterval(watchdog);
      resolve({ code: code ?? 1, stalled });
    });
  });
}

const run = await runOnce();
if (run.stalled) console.error('The unit tests hung: failing. The output above shows where.');
process.exit(run.stalled ? 1 : run.code);
