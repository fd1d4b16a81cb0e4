import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import type { CipherSettings } from './school-database-file';

/**
 * A short-lived process of the host's own executable with a second connection to a school's
 * database, for the work that would otherwise hold the host's event loop: storing a first
 * sync's batches, and building indexes. The host sends it messages, one line of JSON each,
 * on its standard input (the first opens the database: the key goes there, never on a
 * command line or into a file); it answers each later message with one line, in order. An
 * error ends it with a non-zero exit code and the error on standard error.
 *
 * A process, not a worker thread: an index build sorts every row's keys in memory (about
 * 14 MiB at 100,000 students) and a worker's isolate takes 15 MiB more. In a worker, both
 * counted in the host's memory while it ran, and the C library kept 8–17 MiB of it after the
 * worker ended, for as long as the host ran. A process gives all of it back when it exits.
 */

/** The helper's page cache, in KiB: a batch's B-tree pages, or what a build walks at once. */
const HELPER_CACHE_KIB = 10 * 1024;

/** The most of the helper's error output kept for the error it ends with. */
const ERROR_OUTPUT_BYTES = 4096;

/**
 * How much of staged pages' JSON (in UTF-16 units) waits to be written at once: about four
 * pages of 50 students, a few milliseconds of a sync. Each write wakes the helper, and
 * writing every page on its own held the host 210-280 ms in a first sync of 100,000 students
 * (2,000 pages), against 75-100 ms so.
 */
const STAGE_WRITE_CHARS = 100_000;

/** Runs the statements in one transaction (after the opening message). */
export type HelperRequest = { statements: readonly string[] };

/**
 * The SQL a helper that stores rows runs (MirrorDatabase's own): `upsertPage` stores the
 * records of one page (bound: the page's JSON), `setMeta` one meta value (bound: its key
 * and JSON text).
 */
export type HelperSql = { upsertPage: string; setMeta: string };

/** How a staged page's message begins: the page's JSON follows, then `}`. */
const STAGE_OPENING = '{"stage":';

/**
 * How the helper's last line of error output begins: its failure's code follows (SQLite's
 * SQLITE_FULL for a full disk), which the error it ends with carries as its own `code`.
 */
const CODE_OPENING = 'failure code: ';

/**
 * The helper's code (CommonJS, run by `node -e`). After the first message:
 * - `{"stage": page}` keeps a page (an object whose `nodes` are its records) and is not
 *   answered. The page is kept as the text it came as, never parsed here: SQLite reads its
 *   records at the commit (`upsertPage`), which in a first sync of 100,000 students saved
 *   about 0.3 s of the helper's 1.6 s of storing, against JSON.parse and a JSON.stringify of
 *   each record;
 * - `{"commit": n, "meta": [key, value]}` stores the records of the first n pages kept, and
 *   the meta, in one transaction, and answers `{"rows": r}`, the rows added or changed;
 * - `{"statements": [...]}` runs them in one transaction, and answers `{"built": true}`.
 * Each answer comes once its transaction has committed.
 */
const HELPER = `
const { createInterface } = require('node:readline');
const STAGE_OPENING = ${JSON.stringify(STAGE_OPENING)};
process.on('uncaughtException', (error) => {
  const code = (error && error.code) || '';
  // Written at once (not queued on a stream), so all of it is out before the exit.
  require('node:fs').writeSync(2, String((error && error.stack) || error) + '\\n' + ${JSON.stringify(CODE_OPENING)} + code + '\\n');
  process.exit(1);
});
let db;
let upsertPage;
let setMeta;
const staged = [];
const answer = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (db && line.startsWith(STAGE_OPENING)) {
    staged.push(line.slice(STAGE_OPENING.length, -1));
    return;
  }
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    // SECURITY: JSON.parse's own message quotes the text, which may hold the key.
    throw new Error('a message did not read as JSON');
  }
  if (!db) {
    const Database = require(message.module);
    db = new Database(message.file);
    for (const pragma of message.cipher) db.pragma(pragma);
    db.pragma("key = \\"x'" + message.key + "'\\"");
    // SECURITY: an index's sort runs in memory; a temporary file would hold plain text.
    db.pragma('temp_store = MEMORY');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = ' + message.cacheSize);
    if (message.sql) {
      upsertPage = db.prepare(message.sql.upsertPage);
      setMeta = db.prepare(message.sql.setMeta);
    }
    return;
  }
  if (message.commit !== undefined) {
    let rows = 0;
    const pages = staged.splice(0, message.commit);
    db.transaction(() => {
      for (const page of pages) rows += upsertPage.run(page).changes;
      if (message.meta) setMeta.run(message.meta[0], message.meta[1]);
    })();
    // Here, not in the host: the copy of these pages into the database is this process's work.
    db.pragma('wal_checkpoint(PASSIVE)');
    answer({ rows });
    return;
  }
  db.transaction(() => { for (const sql of message.statements) db.exec(sql); })();
  answer({ built: true });
});
lines.on('close', () => db && db.close());
`;

type Waiting = { resolve: (answer: unknown) => void; reject: (error: Error) => void };

/** One helper process on one database file. */
export class HelperProcess {
  private readonly waiting: Waiting[] = [];
  /** Staged pages' messages not yet written (see STAGE_WRITE_CHARS). */
  private staging: string[] = [];
  private stagingChars = 0;
  private readonly exited: Promise<void>;
  private failure: Error | undefined;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    let errors = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      errors = (errors + text).slice(-ERROR_OUTPUT_BYTES);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      this.waiting.shift()?.resolve(JSON.parse(line));
    });
    // A write after the process ended fails here too; the exit below says why.
    child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      const end = (why: string) => {
        const code = new RegExp(`^${CODE_OPENING}(\\w+)$`, 'm').exec(errors)?.[1];
        this.failure ??= Object.assign(
          new Error(`the database helper stopped (${why}): ${errors.trim()}`),
          code ? { code } : {},
        );
        for (const waiting of this.waiting.splice(0)) waiting.reject(this.failure);
        resolve();
      };
      child.once('error', (error) => end(error.message));
      child.once('exit', (code, signal) => {
        if (code === 0) this.failure ??= new Error('the database helper has ended');
        end(signal ?? `exit code ${code}`);
      });
    });
  }

  /**
   * Starts a helper on `file`, opened under `cipher` with the raw `key` (and `sql` prepared,
   * for storing rows).
   */
  static start(file: string, cipher: CipherSettings, key: Buffer, sql?: HelperSql): HelperProcess {
    // The host's own executable runs the code: Node for the web host, and Electron, which
    // runs as plain Node with ELECTRON_RUN_AS_NODE. The host's NODE_OPTIONS (a loader, in
    // tests) would only slow the helper's start.
    const { NODE_OPTIONS: _options, ...env } = process.env;
    const child = spawn(process.execPath, ['-e', HELPER], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...env, ELECTRON_RUN_AS_NODE: '1' },
      windowsHide: true,
    });
    const helper = new HelperProcess(child);
    helper.write([
      JSON.stringify({
        // Resolved here, where the app's node_modules are known (a packaged app's too).
        module: createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers'),
        file,
        cipher,
        key: key.toString('hex'),
        // Negative: a size in KiB, not pages.
        cacheSize: -HELPER_CACHE_KIB,
        ...(sql ? { sql } : {}),
      }),
    ]);
    return helper;
  }

  /** Sends a request; resolves with its answer once its transaction has committed. */
  ask(request: HelperRequest): Promise<unknown> {
    return this.send([JSON.stringify(request)]);
  }

  /**
   * Sends a page to be stored by a later `commit`: `page`, the JSON of an object whose `nodes`
   * are records with their ids, on one line (no raw line break). It goes as it came, with the
   * next few pages (STAGE_WRITE_CHARS) or before the next message that is answered, so the
   * host keeps no batch of its own: a batch of pages is a megabyte or more, and the host's
   * young generation is small (host-memory.ts), so what it keeps for longer than a few
   * milliseconds is copied by every collection until it is promoted, then marked by the next
   * full one. Nothing answers it; a helper that failed says so at the next commit.
   */
  stage(page: string): void {
    if (this.failure) return;
    this.staging.push(STAGE_OPENING, page, '}\n');
    this.stagingChars += page.length;
    if (this.stagingChars >= STAGE_WRITE_CHARS) this.writeStaged();
  }

  /**
   * Stores the records of the first `pages` pages staged and not yet committed with the
   * opening message's `upsertPage`, and `meta` with its `setMeta`, in one transaction, then
   * checkpoints; resolves with `{ rows: r }`, the rows added or changed, once committed.
   */
  commit(pages: number, meta?: [string, string]): Promise<unknown> {
    return this.send([JSON.stringify({ commit: pages, ...(meta && { meta }) })]);
  }

  /** Lets the helper end once it has answered what it was sent; rejects if it fails. */
  async close(): Promise<void> {
    this.child.stdin.end();
    await this.exited;
    if (this.child.exitCode !== 0) throw this.failure ?? new Error('the database helper failed');
  }

  /** Stops the helper at once (what it has not committed is lost), and waits for its end. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** Sends one message, in parts, after the pages staged before it, and waits for its answer. */
  private send(parts: readonly string[]): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.writeStaged();
      this.write(parts);
    });
  }

  /** Writes one message: JSON, which never holds a raw line break, and the line's end. */
  private write(parts: readonly string[]): void {
    this.writeAll([...parts, '\n']);
  }

  private writeStaged(): void {
    if (this.staging.length === 0) return;
    this.writeAll(this.staging);
    this.staging = [];
    this.stagingChars = 0;
  }

  /** Writes `parts` together: one write of the pipe, not one each. */
  private writeAll(parts: readonly string[]): void {
    const input = this.child.stdin;
    input.cork();
    for (const part of parts) input.write(part);
    input.uncork();
  }
}
