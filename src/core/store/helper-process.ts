import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { CODE_OPENING, HELPER_PROGRAM, STAGE_OPENING } from './helper-program';
import { CONNECTION_PRAGMAS, type CipherSettings } from './school-database-file';

/**
 * A short-lived process with a second connection to a school's database, for the work that
 * would otherwise hold the host's event loop: storing a first sync's batches, and building
 * indexes. It runs HELPER_PROGRAM (helper-program.ts), started as its host starts processes
 * (LaunchHelper). The host sends it messages, one line of JSON each (the first opens the
 * database: the key goes there, never on a command line or into a file); it answers each
 * later message with one line on its standard output, in order. An error ends it with a
 * non-zero exit code and the error on standard error.
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

/**
 * A helper as its host started it: nodeHelper's child process, or Electron's utility process
 * (src/main/adapters/utility-helper.ts, which says why Electron needs its own).
 */
export type HelperChild = {
  /** The helper's answers, a line each. */
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** Sends `parts` together (whole lines of the program's input). */
  send(parts: readonly string[]): void;
  /** Ends the helper's input: it exits once it has answered what it was sent. */
  end(): void;
  /** Ends it at once; what it has not committed is lost. */
  kill(): void;
  /**
   * Calls `listener` when it has ended (it may be called twice, for an error and then the
   * exit): `code` 0 when it exited of itself, `why` how it ended, in words for the log.
   */
  onEnd(listener: (code: number | null, why: string) => void): void;
};

/** Starts a helper running HELPER_PROGRAM. */
export type LaunchHelper = () => HelperChild;

/** Node's helper: the host's own executable running HELPER_PROGRAM, its input on standard input. */
export const nodeHelper: LaunchHelper = () => {
  if (process.versions.electron)
    throw new Error('in Electron the database helper runs as a utility process');
  // The host's NODE_OPTIONS (a loader, in tests) would only slow the helper's start.
  const { NODE_OPTIONS: _options, ...env } = process.env;
  const child = spawn(process.execPath, ['-e', HELPER_PROGRAM], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
    windowsHide: true,
  });
  // A write after the process ended fails here too; its end says why.
  child.stdin.on('error', () => undefined);
  return {
    stdout: child.stdout,
    stderr: child.stderr,
    // One write of the pipe, not one a part.
    send: (parts) => {
      child.stdin.cork();
      for (const part of parts) child.stdin.write(part);
      child.stdin.uncork();
    },
    end: () => child.stdin.end(),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    onEnd: (listener) => {
      child.once('error', (error) => listener(null, error.message));
      child.once('exit', (code, signal) => listener(code, signal ?? `exit code ${code}`));
    },
  };
};

type Waiting = { resolve: (answer: unknown) => void; reject: (error: Error) => void };

/** One helper process on one database file. */
export class HelperProcess {
  private readonly waiting: Waiting[] = [];
  /** Staged pages' messages not yet written (see STAGE_WRITE_CHARS). */
  private staging: string[] = [];
  private stagingChars = 0;
  private readonly exited: Promise<void>;
  private exitCode: number | null | undefined;
  private failure: Error | undefined;

  private constructor(private readonly child: HelperChild) {
    let errors = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      errors = (errors + text).slice(-ERROR_OUTPUT_BYTES);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      this.waiting.shift()?.resolve(JSON.parse(line));
    });
    this.exited = new Promise((resolve) => {
      child.onEnd((code, why) => {
        this.exitCode ??= code;
        if (code === 0) this.failure ??= new Error('the database helper has ended');
        const failureCode = new RegExp(`^${CODE_OPENING}(\\w+)$`, 'm').exec(errors)?.[1];
        this.failure ??= Object.assign(
          new Error(`the database helper stopped (${why}): ${errors.trim()}`),
          failureCode ? { code: failureCode } : {},
        );
        for (const waiting of this.waiting.splice(0)) waiting.reject(this.failure);
        resolve();
      });
    });
  }

  /**
   * Starts a helper with `launch` on `file`, opened under `cipher` with the raw `key` (and
   * `sql` prepared, for storing rows).
   */
  static start(
    launch: LaunchHelper,
    file: string,
    cipher: CipherSettings,
    key: Buffer,
    sql?: HelperSql,
  ): HelperProcess {
    const helper = new HelperProcess(launch());
    helper.write([
      JSON.stringify({
        // Resolved here, where the app's node_modules are known (a packaged app's too).
        module: createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers'),
        file,
        cipher,
        key: key.toString('hex'),
        // A negative cache size is in KiB, not pages.
        pragmas: [...CONNECTION_PRAGMAS, `cache_size = ${-HELPER_CACHE_KIB}`],
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
    this.child.end();
    await this.exited;
    if (this.exitCode !== 0) throw this.failure ?? new Error('the database helper failed');
  }

  /** Stops the helper at once (what it has not committed is lost), and waits for its end. */
  async kill(): Promise<void> {
    this.child.kill();
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
    this.child.send([...parts, '\n']);
  }

  private writeStaged(): void {
    if (this.staging.length === 0) return;
    this.child.send(this.staging);
    this.staging = [];
    this.stagingChars = 0;
  }
}
