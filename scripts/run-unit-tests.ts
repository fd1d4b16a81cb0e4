/**
 * `npm run test:unit`: Vitest with a watchdog.
 *
 * Twice a Vitest fork worker hung with its main thread in a futex, so no test timeout could
 * fire and the run never ended. gdb showed the cause: Node 20 deadlocking in a JWK export of a
 * freshly generated RSA key (fixed in e2e/platform/oauth/keys.ts). The watchdog stays so that
 * any such hang ends visibly: when Vitest prints nothing for STALL_SECONDS, the whole run is
 * stopped, reported, and fails. It is not started again: a second run that passes would hide a
 * hang that is a real fault of the code or the machine.
 *
 * Vitest's exit code is not the only verdict: it also writes its JSON report, and a run passes
 * only when that report exists and names no failed test or file. Once, on a loaded CI machine,
 * the log showed a failed test (×) and yet `npm test` went on to the end-to-end specs, so the
 * unit step had exited 0; the log of that run had lost Vitest's summary, and the cause was not
 * found. Whatever ends a run that way, a failure in the report now fails it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitUnlessNodeIsCurrent } from '../src/core/node-runtime';

exitUnlessNodeIsCurrent();

const STALL_SECONDS = Number(process.env['VITEST_STALL_SECONDS'] ?? 240);
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

function runOnce(reportFile: string): Promise<{ code: number; stalled: boolean }> {
  const report = ['--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...report, ...process.argv.slice(2)], {
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

/** The part of Vitest's JSON report (its Jest-compatible shape) that says what failed. */
type Report = {
  numFailedTests: number;
  numFailedTestSuites: number;
  testResults: Array<{
    name: string;
    status: string;
    assertionResults: Array<{ fullName: string; status: string }>;
  }>;
};

/** What failed by the report, a line each; undefined when there is no readable report. */
function failuresIn(reportFile: string): string[] | undefined {
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
    const failed = report.testResults.flatMap((file) => {
      const tests = file.assertionResults.filter((test) => test.status === 'failed');
      if (tests.length === 0 && file.status !== 'failed') return [];
      return tests.length === 0
        ? [file.name]
        : tests.map((test) => `${file.name} > ${test.fullName}`);
    });
    if (failed.length === 0 && report.numFailedTests + report.numFailedTestSuites > 0)
      return [`${report.numFailedTests} tests and ${report.numFailedTestSuites} suites failed`];
    return failed;
  } catch {
    return undefined;
  }
}

const reportDir = mkdtempSync(join(tmpdir(), 'schooldesk-unit-report-'));
const reportFile = join(reportDir, 'report.json');
const run = await runOnce(reportFile);
const failures = run.stalled ? [] : failuresIn(reportFile);
rmSync(reportDir, { recursive: true, force: true });
let code = run.code;
if (run.stalled) {
  console.error('The unit tests hung: failing. The output above shows where.');
  code = 1;
} else if (failures === undefined) {
  console.error(`Vitest ended (exit code ${run.code}) without writing its report: failing.`);
  code = 1;
} else if (failures.length > 0) {
  console.error(`Vitest's report names ${failures.length} failures:\n  ${failures.join('\n  ')}`);
  if (run.code === 0) console.error('Vitest itself exited 0; failing all the same.');
  code = 1;
}
process.exit(code);
