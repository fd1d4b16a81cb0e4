import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { CipherSettings } from './school-database-file';

/**
 * Builds indexes of a school's database on a second connection in a short-lived process of
 * its own, so the host's event loop goes on meanwhile: the search index of 100,000 students
 * takes 130–250 ms to build, and a first sync builds it once, at its end. The process opens
 * the same file with the same cipher and key (handed over on its standard input, never
 * written or put on its command line), runs the statements in one transaction, and exits.
 * Readers on the main connection are not held up (WAL); a write there waits for the build's
 * commit (SQLite's busy timeout).
 *
 * A process, not a worker thread: the build sorts every row's keys in memory (about 14 MiB
 * at 100,000 students) and a worker's isolate takes 15 MiB more. In a worker, both counted in
 * the host's memory while it ran, and the C library kept 8–17 MiB of it after the worker
 * ended, for as long as the host ran. A process gives all of it back when it exits.
 */
export type IndexBuilder = (statements: readonly string[]) => Promise<void>;

/**
 * The builder's page cache, in KiB: enough for the B-tree pages a build walks at once. Measured
 * at 100,000 students, a 16 MB cache made the build's peak 15 MiB higher and it no faster.
 */
const BUILDER_CACHE_KIB = 1024;

/** The most of the builder's error output kept for the error it ends with. */
const ERROR_OUTPUT_BYTES = 4096;

/**
 * The builder's code (CommonJS, run by `node -e`): its job comes as JSON on standard input.
 * An error ends it with a non-zero exit code and the error on standard error.
 */
const BUILDER = `
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => {
  let job;
  try {
    job = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    // SECURITY: JSON.parse's own message quotes the text, which holds the key.
    throw new Error('the job did not read as JSON');
  }
  const Database = require(job.module);
  const db = new Database(job.file);
  try {
    for (const pragma of job.cipher) db.pragma(pragma);
    db.pragma("key = \\"x'" + job.key + "'\\"");
    // SECURITY: the index's sort runs in memory; a temporary file would hold plain text.
    db.pragma('temp_store = MEMORY');
    // The build reads every page of the area once, so a page cache gains it nothing.
    db.pragma('cache_size = ' + job.cacheSize);
    db.transaction(() => { for (const sql of job.statements) db.exec(sql); })();
  } finally {
    db.close();
  }
});
`;

/** A builder for the database in `file`, opened under `cipher` with the raw `key`. */
export function processIndexBuilder(
  file: string,
  cipher: CipherSettings,
  key: Buffer,
): IndexBuilder {
  // Resolved here, where the app's node_modules are known (a packaged app's too).
  const module = createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers');
  return (statements) =>
    new Promise<void>((resolve, reject) => {
      // The host's own executable runs the code: Node for the web host, and Electron, which
      // runs as plain Node with ELECTRON_RUN_AS_NODE. The host's NODE_OPTIONS (a loader, in
      // tests) would only slow the builder's start.
      const { NODE_OPTIONS: _options, ...env } = process.env;
      const child = spawn(process.execPath, ['-e', BUILDER], {
        stdio: ['pipe', 'ignore', 'pipe'],
        env: { ...env, ELECTRON_RUN_AS_NODE: '1' },
        windowsHide: true,
      });
      let errors = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (text: string) => {
        errors = (errors + text).slice(-ERROR_OUTPUT_BYTES);
      });
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        if (code === 0) resolve();
        else
          reject(
            new Error(
              `the index builder stopped (${signal ?? `exit code ${code}`}): ${errors.trim()}`,
            ),
          );
      });
      // Negative: a size in KiB, not pages.
      const job = {
        module,
        file,
        cipher,
        key: key.toString('hex'),
        statements,
        cacheSize: -BUILDER_CACHE_KIB,
      };
      child.stdin.end(JSON.stringify(job));
    });
}
