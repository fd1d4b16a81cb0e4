import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CipherSettings } from './school-database-file';

/**
 * Builds indexes of a school's database on a second connection in a worker thread, so the
 * host's event loop goes on meanwhile: the search index of 100,000 students takes about
 * 150 ms to build, and a first sync builds it once, at its end. The worker opens the same
 * file with the same cipher and key (handed over in memory, never written), runs the
 * statements in one transaction, and closes. Readers on the main connection are not held up
 * (WAL); a write there waits for the build's commit (SQLite's busy timeout).
 */
export type IndexBuilder = (statements: readonly string[]) => Promise<void>;

/**
 * The worker's page cache, in KiB: enough for the B-tree pages a build walks at once. Measured
 * at 100,000 students, a 16 MB cache made the build's peak 15 MiB higher and it no faster.
 */
const WORKER_CACHE_KIB = 1024;

/** The worker's code (CommonJS, evaluated): the module path and settings come as data. */
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
try {
  for (const pragma of workerData.cipher) db.pragma(pragma);
  db.pragma("key = \\"x'" + workerData.key + "'\\"");
  // SECURITY: the index's sort runs in memory; a temporary file would hold plain text.
  db.pragma('temp_store = MEMORY');
  // The build reads every page of the area once, so a page cache gains it nothing; SQLite's
  // default here (16 MB) would only add its size to the host's memory while it runs.
  db.pragma('cache_size = ' + workerData.cacheSize);
  db.transaction(() => { for (const sql of workerData.statements) db.exec(sql); })();
} finally {
  db.close();
}
parentPort.postMessage('built');
`;

/** A builder for the database in `file`, opened under `cipher` with the raw `key`. */
export function workerIndexBuilder(
  file: string,
  cipher: CipherSettings,
  key: Buffer,
): IndexBuilder {
  // Resolved here, where the app's node_modules are known (a packaged app's too).
  const module = createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers');
  const hex = key.toString('hex');
  return (statements) =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER, {
        eval: true,
        workerData: {
          module,
          file,
          cipher: [...cipher],
          key: hex,
          statements: [...statements],
          // Negative: a size in KiB, not pages.
          cacheSize: -WORKER_CACHE_KIB,
        },
      });
      let built = false;
      worker.once('message', () => {
        built = true;
      });
      worker.once('error', reject);
      worker.once('exit', (code) => {
        if (built) resolve();
        else reject(new Error(`the index builder stopped (exit code ${code})`));
      });
    });
}
