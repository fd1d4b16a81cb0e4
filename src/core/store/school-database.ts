import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { keepsSecretsOnDisk, type Decrypted, type Encryptor, type LogSink } from '../adapters';
import { removeFile, renameOver, writeFileAtomic } from './atomic-file';
import { fileFailureCode } from './file-failure';
import type { StartHelper } from './bulk-load';
import { HelperProcess, nodeHelper, type HelperSql, type LaunchHelper } from './helper-process';
import { processIndexBuilder, type IndexBuilder } from './index-builder';
import {
  belongsTo,
  cipherOf,
  claim,
  openEncrypted,
  readOutbox,
  upToDate,
  type SalvagedEntry,
} from './school-database-file';
import { preparePrivateFolder, schoolFile } from './private-folder';

/** The folder under the data folder that holds every school's database and its key. */
export const SCHOOLS_FOLDER = 'schools';

/** A school's database key: random bytes, handed to the cipher raw (see CIPHER). */
const KEY_BYTES = 32;

/**
 * The policy tokens follow (token-store.ts), for each school's data: on disk when the
 * encryptor keeps its key safe enough (keepsSecretsOnDisk), or when the owner opted in to
 * keeping data without a keyring. Pass the result as the `persist` of
 * {@link SchoolDatabases}; it reads the opt-in on every call.
 */
export function schoolDataPersistPolicy(
  encryptor: Encryptor,
  persistWithoutKeyring: () => boolean,
): () => boolean {
  return () => keepsSecretsOnDisk(encryptor.protection) || persistWithoutKeyring();
}

/** Why a school's files were set aside at open instead of opened. */
export type SetAsideReason =
  /** Encrypted files were there but their key was not. */
  | 'key_missing'
  /** The key file would not decrypt (the keyring was reset, the file damaged or replaced). */
  | 'key_unreadable'
  /** The database would not open with its key: damaged, truncated or replaced. */
  | 'damaged'
  /** The database belongs to another school: copied or swapped files. */
  | 'another_school'
  /** The database records a schema version this app does not know (a newer app wrote it). */
  | 'unknown_version';

/**
 * How many unsent changes a school's database held, and when the last was saved (unix ms):
 * kept beside it unencrypted, so the owner can be told what a database that will not open
 * held. A count and a date, never content.
 */
export type UnsentRecord = { count: number; savedAt: number };

/** A school's open database, and what was set aside to open it, if anything. */
export type OpenedSchoolDatabase = {
  db: Database.Database;
  /** Where the database lives; undefined when it lives in memory only. */
  file?: string;
  /** Builds indexes off the host's event loop (see IndexBuilder); in memory: at once. */
  buildIndexes: IndexBuilder;
  /** Starts a helper process on the database's file (helper-process.ts); none in memory. */
  startHelper?: StartHelper;
  setAside?: SetAsideReason;
  /** With `setAside`: the unsent changes the set-aside files held, as last recorded. */
  unreadableUnsent?: UnsentRecord;
  /**
   * With `setAside: 'unknown_version'`: the unsent edits read out of the set-aside database,
   * for the outbox to keep (OutboxTable.restore).
   */
  salvaged?: SalvagedEntry[];
};

/** What setAsideDamaged set aside, and the unsent edits it read out of it. */
export type DamagedDatabase = Pick<
  OpenedSchoolDatabase,
  'setAside' | 'unreadableUnsent' | 'salvaged'
>;

/** A school's files: the database, its WAL and shared memory, and its wrapped key. */
type SchoolFiles = { db: string; wal: string; shm: string; key: string };

/** What open() learnt while it set files aside. */
type SetAsideFound = { setAside?: SetAsideReason; unreadableUnsent?: UnsentRecord };

const ASIDE_SUFFIX = '.unreadable';
/** The unsent-changes record beside a school's database (see UnsentRecord). */
const UNSENT_EXTENSION = '.unsent';

/**
 * One encrypted SQLite database per school (keyed by issuer and resource), each with its own
 * random key, wrapped by the host's Encryptor and kept beside it.
 *
 * SECURITY: the school's data reaches the disk only through the cipher; the folder is 0700
 * and the files 0600, named by a hash of the school so the folder does not list which schools
 * this computer works with. The database records the school it belongs to and is refused
 * under another's name. When `persist()` answers false (safeStorage's `basic_text` without
 * the owner's opt-in) the database lives in memory only and any file of that school is
 * removed. Nothing unreadable is deleted: it is set aside beside the new files, with a line
 * in the log.
 */
export class SchoolDatabases {
  readonly folder: string;

  constructor(
    dataDir: string,
    private readonly encryptor: Encryptor,
    /** Asked at every open, so opting in or out takes effect at the next one. */
    private readonly persist: () => boolean,
    private readonly log: LogSink,
    /** How the host starts the database's helpers (Electron's own; Node's by default). */
    private readonly launchHelper: LaunchHelper = nodeHelper,
  ) {
    this.folder = join(dataDir, SCHOOLS_FOLDER);
  }

  /** Opens (or creates) the school's database. Never throws for files it cannot read. */
  async open(school: string): Promise<OpenedSchoolDatabase> {
    const files = this.filesOf(school);
    await preparePrivateFolder(this.folder);
    if (!this.persist()) {
      await this.removeFiles(files);
      const db = claim(new Database(':memory:'), school);
      // No second connection reaches a database in memory; it is built here (no WAL to
      // write, so it is the quicker case).
      const buildIndexes: IndexBuilder = (statements) =>
        new Promise((resolve) =>
          resolve(db.transaction(() => statements.forEach((sql) => db.exec(sql)))()),
        );
      return { db, buildIndexes };
    }
    const { key, found } = await this.keyOf(files);
    const opened = openEncrypted(files.db, key);
    const problem: SetAsideReason | undefined =
      opened === 'unreadable'
        ? 'damaged'
        : belongsTo(opened, school)
          ? undefined
          : 'another_school';
    if (opened !== 'unreadable' && !problem) {
      if (upToDate(opened))
        return { db: claim(opened, school), ...this.onDisk(files, key, opened), ...found };
      // Written by a newer app: its layout is unknown, so the copy is set aside and the school
      // syncs again; the unsent edits are read out first (their table is the one part every
      // version keeps) so that none is lost.
      const salvaged = readOutbox(opened) ?? [];
      opened.close();
      const aside = await this.setAside(files, 'unknown_version');
      return { ...(await this.fresh(files, school)), ...aside, salvaged };
    }
    if (opened !== 'unreadable') opened.close();
    const aside = await this.setAside(files, problem!);
    return { ...(await this.fresh(files, school)), ...aside };
  }

  /** A new database with a new key, in place of files set aside. */
  private async fresh(files: SchoolFiles, school: string) {
    const key = await this.newKey(files);
    const fresh = openEncrypted(files.db, key);
    if (fresh === 'unreadable') throw new Error('a new school database would not open');
    return { db: claim(fresh, school), ...this.onDisk(files, key, fresh) };
  }

  private onDisk(files: SchoolFiles, key: Buffer, db: Database.Database) {
    const cipher = cipherOf(db);
    return {
      file: files.db,
      buildIndexes: processIndexBuilder(this.launchHelper, files.db, cipher, key),
      startHelper: (sql: HelperSql) =>
        HelperProcess.start(this.launchHelper, files.db, cipher, key, sql),
    };
  }

  /**
   * Records how many unsent changes the school's database holds now (0 removes the record).
   * Written at once, without an fsync: it is a hint for the day the database will not open,
   * small enough not to slow a save, and the database itself holds the changes durably.
   */
  noteUnsent(school: string, count: number, savedAt: number): void {
    if (!this.persist()) return;
    const file = this.unsentFileOf(school);
    if (count === 0) {
      rmSync(file, { force: true });
      return;
    }
    const record: UnsentRecord = { count, savedAt };
    writeFileSync(`${file}.tmp`, JSON.stringify(record), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  }

  /**
   * Sets aside a school's open database found damaged after it opened (a page of its copy
   * failed its check when read). Its unsent edits are read out first, if their table still
   * reads, for the next open to keep (OutboxTable.restore); then it is closed and its files
   * go aside. The next open() makes a new database and the school syncs again.
   */
  async setAsideDamaged(school: string, db: Database.Database): Promise<DamagedDatabase> {
    const salvaged = readOutbox(db);
    db.close();
    const found = await this.setAside(this.filesOf(school), 'damaged');
    return salvaged ? { ...found, salvaged } : found;
  }

  /**
   * Removes the school's database, WAL, shared memory and key, and any copy set aside; other
   * schools' files stay. Close the school's database first.
   */
  async remove(school: string): Promise<void> {
    await this.removeFiles(this.filesOf(school));
    await removeFile(this.unsentFileOf(school));
  }

  /** The school's key: read and unwrapped, or new (setting aside files it cannot open). */
  private async keyOf(files: SchoolFiles): Promise<{ key: Buffer; found: SetAsideFound }> {
    let wrapped: Buffer;
    try {
      wrapped = await readFile(files.key);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      if (!existsSync(files.db)) return { key: await this.newKey(files), found: {} };
      // Said before a new key replaces nothing: the old files go aside, not away.
      this.log.warn(
        `the key of school database ${this.nameOf(files.db)} is missing but its encrypted files ` +
          'are there; they are set aside and a new key is made',
      );
      const found = await this.setAside(files, 'key_missing');
      return { key: await this.newKey(files), found };
    }
    let unwrapped: Decrypted;
    try {
      unwrapped = await this.encryptor.decrypt(wrapped);
      if (unwrapped.plain.length !== KEY_BYTES) throw new Error('not a key');
    } catch {
      const found = await this.setAside(files, 'key_unreadable');
      return { key: await this.newKey(files), found };
    }
    // Wrapped with a key the encryptor has replaced: wrap it again under the current one. Not
    // doing so now (a full disk, a keyring that refuses) leaves the key as readable as it was:
    // the database opens, and the next open tries again. It once set the school aside instead.
    if (unwrapped.stale)
      await this.writeKey(files, unwrapped.plain).catch((error: unknown) =>
        this.log.warn(
          `the key of school database ${this.nameOf(files.db)} could not be wrapped again ` +
            `(${fileFailureCode(error) ?? 'the encryptor refused'}); it still opens it, and the ` +
            'next open tries again',
        ),
      );
    return { key: unwrapped.plain, found: {} };
  }

  private async newKey(files: SchoolFiles): Promise<Buffer> {
    const key = randomBytes(KEY_BYTES);
    await this.writeKey(files, key);
    return key;
  }

  private async writeKey(files: SchoolFiles, key: Buffer): Promise<void> {
    await writeFileAtomic(files.key, () => this.encryptor.encrypt(key));
  }

  /**
   * Moves the school's files aside (`<name>.unreadable`, replacing an older such copy) and
   * answers what its unsent-changes record said they held.
   */
  private async setAside(files: SchoolFiles, reason: SetAsideReason): Promise<SetAsideFound> {
    for (const file of Object.values(files))
      await renameOver(file, `${file}${ASIDE_SUFFIX}`).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    const unsentFile = files.db.replace(/\.sqlite$/, UNSENT_EXTENSION);
    const unsent = await readUnsent(unsentFile);
    await removeFile(unsentFile);
    this.log.warn(
      `school database ${this.nameOf(files.db)} could not be read (${reason}); its files are ` +
        `set aside as ${this.nameOf(files.db)}${ASIDE_SUFFIX} and the school syncs again; ` +
        `${unsent?.count ?? 0} unsent change(s) in them could not be read`,
    );
    return { setAside: reason, ...(unsent ? { unreadableUnsent: unsent } : {}) };
  }

  private async removeFiles(files: SchoolFiles): Promise<void> {
    for (const file of Object.values(files)) {
      await removeFile(file);
      await removeFile(`${file}${ASIDE_SUFFIX}`);
    }
  }

  private unsentFileOf(school: string): string {
    return this.filesOf(school).db.replace(/\.sqlite$/, UNSENT_EXTENSION);
  }

  private filesOf(school: string): SchoolFiles {
    const base = schoolFile(this.folder, 'database', school, '');
    return {
      db: `${base}.sqlite`,
      wal: `${base}.sqlite-wal`,
      shm: `${base}.sqlite-shm`,
      key: `${base}.key`,
    };
  }

  /** A file's name without its folder, for the log (the hash names no school). */
  private nameOf(file: string): string {
    return file.slice(this.folder.length + 1);
  }
}

/** The unsent-changes record in `file`, or undefined when there is none or it is no record. */
async function readUnsent(file: string): Promise<UnsentRecord | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<UnsentRecord>;
    if (typeof parsed.count === 'number' && typeof parsed.savedAt === 'number')
      return { count: parsed.count, savedAt: parsed.savedAt };
  } catch {
    // No record (nothing was unsent), or one cut short: nothing to tell.
  }
  return undefined;
}
