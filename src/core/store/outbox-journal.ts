import { open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { preparePrivateFolder, removeWithAside, schoolFile } from './private-folder';
import type { Encryptor, LogSink } from '../adapters';
import { writeFileAtomic } from './atomic-file';
import { frameOf, parseRecords, readJournal, type JournalRecord } from './outbox-journal-frames';

export type { JournalRecord } from './outbox-journal-frames';

/** The folder under the data folder that holds every school's outbox journal. */
export const OUTBOX_FOLDER = 'outbox';

const EXTENSION = '.journal';
/** Where a journal that would not read is kept (one per school), until the school is wiped. */
const ASIDE_SUFFIX = '.unreadable';
const DEFAULT_COMPACT_AFTER = 500;

const SENTENCES = {
  outbox_save_failed:
    'Schooldesk could not save your change on this computer. Check that the disk has free space.',
  outbox_wipe_failed:
    'Schooldesk could not remove the unsent changes of this school from this computer.',
} as const;

/** The codes an {@link OutboxJournalError} carries. */
export type OutboxJournalErrorCode = keyof typeof SENTENCES;

/** A journal could not be written or removed; the message is a sentence for a person. */
export class OutboxJournalError extends Error {
  constructor(
    readonly code: OutboxJournalErrorCode,
    options: { cause?: unknown } = {},
  ) {
    super(SENTENCES[code], { cause: options.cause });
    this.name = 'OutboxJournalError';
  }
}

/** Options of {@link OutboxJournal}. */
export type OutboxJournalOptions = {
  dataDir: string;
  encryptor: Encryptor;
  /**
   * Asked on every append and open, as MirrorFiles' persist: false keeps the journal in memory
   * only, with nothing on disk (and any earlier file of that school removed).
   */
  persist: () => boolean;
  log: LogSink;
  /** Compact when the file holds more than this many records beyond the live ones (default 500). */
  compactAfter?: number;
};

/** What the journal knows of one school. */
type School = {
  /** The live entries by id, in the order of their first put, each as its value's JSON text. */
  live: Map<string, string>;
  /** Records in the file (live ones and superseded ones); what compaction is measured by. */
  records: number;
  /**
   * True when the file on disk holds exactly `live` (an absent file holds nothing). False after
   * a memory-only spell, a set-aside or a failed append: the next append rewrites it whole.
   */
  synced: boolean;
  /** The file exists, so an append may go to its end. */
  exists: boolean;
  /** `persist()` said false: nothing of this school is on disk, nor written. */
  memoryOnly: boolean;
  /** Open for appending between appends ('a'); closed around rewrites and removals. */
  handle?: FileHandle;
};

function emptySchool(): School {
  return { live: new Map(), records: 0, synced: true, exists: false, memoryOnly: false };
}

/**
 * The outbox's durable journal: one append-only, encrypted file per school in
 * `<dataDir>/outbox/`, holding the records that put and drop the outbox's entries. The frame
 * format is described in outbox-journal-frames.ts. The live entries are kept in memory too,
 * so that compaction and a later open need not read the file again; this process is the only
 * writer (the data folder is locked).
 *
 * SECURITY: the entries reach the disk only as the Encryptor's output, in a folder of mode
 * 0700 and files of mode 0600, named by a hash of the school's key. Nothing logged names an
 * entry, its value or the school. When `persist()` answers false nothing is written and any
 * earlier file of that school is removed: the outbox lives in memory only.
 */
export class OutboxJournal {
  /** The folder holding the files; a test or a sign-out check may look in it. */
  readonly folder: string;
  private readonly encryptor: Encryptor;
  private readonly persist: () => boolean;
  private readonly log: LogSink;
  private readonly compactAfter: number;
  private readonly schools = new Map<string, School>();
  /** Per key, the tail of its queue: opens, appends and wipes of one school run one by one. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private opened: Promise<void> | undefined;

  constructor(options: OutboxJournalOptions) {
    this.folder = join(options.dataDir, OUTBOX_FOLDER);
    this.encryptor = options.encryptor;
    this.persist = options.persist;
    this.log = options.log;
    this.compactAfter = options.compactAfter ?? DEFAULT_COMPACT_AFTER;
  }

  /**
   * The school's live entries by id (last put wins, drop removes), in the order of their first
   * put; fresh copies the caller may change. A torn or undecryptable last frame (a crash
   * mid-append) is cut off, the file truncated to the last good frame, with a warning. An
   * undecryptable frame before the last, or a first and only frame that will not decrypt
   * (another key), sets the file aside as `<name>.unreadable`, answers what was read before
   * it and writes that back as the school's journal, with a warning. Never throws for a
   * damaged or unreadable file.
   */
  open(key: string): Promise<Map<string, unknown>> {
    return this.queued(key, async () => {
      let school: School;
      try {
        school = await this.school(key);
      } catch (error) {
        // A file that could not be read is not cached: the next open or append reads it
        // again, and no append goes to a file that was not read. A removal that failed
        // (persist() false) leaves what is in memory, which is still the outbox.
        const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
        this.log.warn(`outbox journal of a school could not be read or removed (${code})`);
        school = this.schools.get(key) ?? emptySchool();
      }
      return new Map([...school.live].map(([id, json]) => [id, JSON.parse(json) as unknown]));
    });
  }

  /**
   * Appends `records` as one frame (encrypted, written, fsynced) and resolves only after the
   * fsync, so what resolved survives kill -9 and a power cut. Appends to one key run one at a
   * time, in call order. When due, the append is a compaction instead: the live entries,
   * these records applied, rewritten as one frame through writeFileAtomic (its folder fsync
   * makes a new file durable too). Values must be JSON values; they are stored as JSON.
   * @throws OutboxJournalError `outbox_save_failed` when the disk refuses; the records are then
   *   not applied, and the next append rewrites the file whole.
   */
  append(key: string, records: JournalRecord[]): Promise<void> {
    let plain: Buffer;
    let parsed: JournalRecord[];
    try {
      // Checked as open() will read it, before queuing: a record that would not read back
      // (a value that is no JSON, a missing id) is refused here, and nothing is written.
      plain = Buffer.from(JSON.stringify(records), 'utf8');
      parsed = parseRecords(plain);
    } catch (cause) {
      return Promise.reject(new TypeError('not a list of outbox journal records', { cause }));
    }
    return this.queued(key, async () => {
      if (parsed.length === 0) return;
      try {
        const school = await this.school(key);
        // The parsed copy, not the caller's objects: memory holds exactly what the disk does.
        const live = new Map(school.live);
        for (const record of parsed) {
          if (record.op === 'put') live.set(record.id, JSON.stringify(record.value));
          else live.delete(record.id);
        }
        if (school.memoryOnly) {
          school.live = live;
          return;
        }
        const count = school.records + parsed.length;
        try {
          if (!school.synced || !school.exists || count - live.size > this.compactAfter) {
            await this.rewrite(key, school, live);
          } else {
            school.handle ??= await open(this.fileOf(key), 'a', 0o600);
            await school.handle.writeFile(frameOf(await this.encryptor.encrypt(plain)));
            await school.handle.sync();
            school.records = count;
          }
        } catch (error) {
          // Maybe half a frame is on disk now: the next append replaces the file whole.
          school.synced = false;
          await this.closeHandle(school);
          throw error;
        }
        school.live = live;
      } catch (cause) {
        throw new OutboxJournalError('outbox_save_failed', { cause });
      }
    });
  }

  /**
   * Removes the school's journal and any set-aside copy, after what is queued for it; the
   * journal of that school is then empty. Other schools' files stay.
   * @throws OutboxJournalError `outbox_wipe_failed` when a file cannot be removed.
   */
  wipe(key: string): Promise<void> {
    return this.queued(key, async () => {
      const school = this.schools.get(key);
      this.schools.delete(key);
      try {
        if (school) await this.closeHandle(school);
        await this.removeAll(this.fileOf(key));
      } catch (cause) {
        throw new OutboxJournalError('outbox_wipe_failed', { cause });
      }
    });
  }

  /** Closes the open file handles after what is queued (app quit); a later append reopens. */
  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((tail) => tail.catch(() => undefined)));
    await Promise.all([...this.schools.values()].map((school) => this.closeHandle(school)));
  }

  /** Runs `task` after everything queued for `key`, whatever became of it. */
  private queued<T>(key: string, task: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(key) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return run;
  }

  /**
   * The school's state: read from disk the first time. Asks `persist()`: false forgets the
   * files; true again after a memory-only spell makes the next append write the file whole.
   * @throws when the file exists but cannot be read (nothing is cached then).
   */
  private async school(key: string): Promise<School> {
    const persist = this.persist();
    let school = this.schools.get(key);
    if (!school) {
      school = persist ? await this.load(key) : emptySchool();
      this.schools.set(key, school);
    }
    if (!persist) await this.forget(key, school);
    else school.memoryOnly = false;
    return school;
  }

  /** Memory only from now on: no handle, no file, no set-aside copy of that school. */
  private async forget(key: string, school: School): Promise<void> {
    if (school.memoryOnly) return;
    await this.closeHandle(school);
    await this.removeAll(this.fileOf(key));
    school.memoryOnly = true;
    school.exists = false;
    school.records = 0;
    school.synced = school.live.size === 0;
  }

  /** Reads and repairs the school's file; see {@link open} for what damage does. */
  private async load(key: string): Promise<School> {
    const file = this.fileOf(key);
    const school = emptySchool();
    let bytes: Buffer;
    try {
      await this.prepareFolder();
      bytes = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return school;
      throw error;
    }
    school.exists = true;
    const read = await readJournal(bytes, (blob) => this.encryptor.decrypt(blob));
    school.live = read.live;
    school.records = read.records;
    if (read.badFrame !== undefined) {
      await this.setAside(key, school, read.badFrame);
      return school;
    }
    const { cutAt, kept } = read;
    if (cutAt !== undefined) {
      this.log.warn(
        `outbox journal ${this.nameOf(file)} ended in an unfinished append ` +
          `(${bytes.length - cutAt} bytes); cut off, the ${kept} frame(s) before it kept`,
      );
      try {
        const handle = await open(file, 'r+');
        try {
          await handle.truncate(cutAt);
          // The cut must be on disk before any append lands after it.
          await handle.sync();
        } finally {
          await handle.close();
        }
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
        this.log.warn(`outbox journal ${this.nameOf(file)} could not be cut (${code})`);
        school.synced = false;
      }
    }
    if (read.stale) await this.reseal(key, school);
    return school;
  }

  /**
   * Keeps a file with a bad frame before its end as `<name>.unreadable` (another key or
   * tampering, not a crash) and writes what was read before that frame as the school's journal,
   * so that a crash now does not lose it.
   */
  private async setAside(key: string, school: School, frameIndex: number): Promise<void> {
    const file = this.fileOf(key);
    await rename(file, `${file}${ASIDE_SUFFIX}`).catch(() => rm(file, { force: true }));
    school.exists = false;
    school.synced = school.live.size === 0;
    this.log.warn(
      `outbox journal ${this.nameOf(file)} has a frame that will not decrypt (frame ${frameIndex}, ` +
        `another key or damage); set aside as ${this.nameOf(file)}${ASIDE_SUFFIX}, ` +
        `${school.live.size} entries read before it kept`,
    );
    if (school.synced) return;
    try {
      await this.rewrite(key, school, school.live);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
      this.log.warn(`outbox journal ${this.nameOf(file)} could not be written again (${code})`);
    }
  }

  /**
   * Writes the file again under the encryptor's current key, when frames were sealed with one
   * it has replaced. If the disk refuses, the old frames still open; the next append compacts.
   */
  private async reseal(key: string, school: School): Promise<void> {
    try {
      await this.rewrite(key, school, school.live);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
      this.log.warn(
        `outbox journal ${this.nameOf(this.fileOf(key))} could not be resealed (${code})`,
      );
      school.synced = false;
    }
  }

  /** Writes `live` as the whole file, atomically: one frame of puts, or an empty file. */
  private async rewrite(key: string, school: School, live: Map<string, string>): Promise<void> {
    // POSIX: a handle kept across the rename would append to the replaced file.
    await this.closeHandle(school);
    await this.prepareFolder();
    const puts = [...live].map(
      ([id, json]) => `{"op":"put","id":${JSON.stringify(id)},"value":${json}}`,
    );
    await writeFileAtomic(this.fileOf(key), async () =>
      puts.length === 0
        ? Buffer.alloc(0)
        : frameOf(await this.encryptor.encrypt(Buffer.from(`[${puts.join(',')}]`, 'utf8'))),
    );
    school.exists = true;
    school.synced = true;
    school.records = live.size;
  }

  private async closeHandle(school: School): Promise<void> {
    const handle = school.handle;
    school.handle = undefined;
    await handle?.close().catch(() => undefined);
  }

  /**
   * Once per instance: makes the folder (0700, narrowed if someone widened it) and removes
   * temporary files a crash in a compaction left behind. A failure is retried on the next call.
   */
  private prepareFolder(): Promise<void> {
    this.opened ??= (async () => {
      const removed = await preparePrivateFolder(this.folder);
      if (removed > 0) this.log.info(`removed ${removed} unfinished outbox compaction(s)`);
    })().catch((error: unknown) => {
      this.opened = undefined;
      throw error;
    });
    return this.opened;
  }

  private removeAll(file: string): Promise<void> {
    return removeWithAside(file, ASIDE_SUFFIX);
  }

  private fileOf(key: string): string {
    return schoolFile(this.folder, 'outbox', key, EXTENSION);
  }

  private nameOf(file: string): string {
    return file.slice(this.folder.length + 1);
  }
}
