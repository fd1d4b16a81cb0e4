import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import type { Encryptor, LogSink } from '../adapters';
import { writeFileAtomic } from './atomic-file';
import { preparePrivateFolder, schoolFile } from './private-folder';

/** The folder under the data folder that holds every school's database and its key. */
export const SCHOOLS_FOLDER = 'schools';

/**
 * The cipher of every school's database: SQLite3MultipleCiphers' ChaCha20-Poly1305
 * (`chacha20`, the sqleet scheme), its default. Each page is encrypted and authenticated, so
 * a changed byte fails to read rather than reading wrong; the WAL's pages are encrypted the
 * same way. The key is 32 random bytes handed over raw (`x'…'`), so no key derivation runs
 * at open: it is a key, not a passphrase.
 */
export const CIPHER = 'chacha20';
const KEY_BYTES = 32;

/**
 * Connection settings. WAL with `synchronous = FULL`: a commit is on disk (the WAL fsynced)
 * before it returns, which the outbox needs before the owner hears "saved on this computer".
 * Temporary tables and indexes stay in memory, where no plain page can reach the disk. The
 * page cache is bounded (64 MiB) whatever the school's size.
 */
const PRAGMAS = [
  'journal_mode = WAL',
  'synchronous = FULL',
  'temp_store = MEMORY',
  'cache_size = -65536',
] as const;

/**
 * The policy tokens follow (token-store.ts), for each school's data: on disk when the
 * encryptor is backed by a real keyring, or when the owner opted in to keeping data without
 * one. Pass the result as the `persist` of {@link SchoolDatabases}; it reads the opt-in on
 * every call.
 */
export function schoolDataPersistPolicy(
  encryptor: Encryptor,
  persistWithoutKeyring: () => boolean,
): () => boolean {
  return () => encryptor.protection === 'keyring' || persistWithoutKeyring();
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
  | 'another_school';

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
  setAside?: SetAsideReason;
  /** With `setAside`: the unsent changes the set-aside files held, as last recorded. */
  unreadableUnsent?: UnsentRecord;
};

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
  ) {
    this.folder = join(dataDir, SCHOOLS_FOLDER);
  }

  /** Opens (or creates) the school's database. Never throws for files it cannot read. */
  async open(school: string): Promise<OpenedSchoolDatabase> {
    const files = this.filesOf(school);
    await preparePrivateFolder(this.folder);
    if (!this.persist()) {
      await this.removeFiles(files);
      return { db: claim(new Database(':memory:'), school) };
    }
    const { key, found } = await this.keyOf(files);
    const opened = openEncrypted(files.db, key);
    const problem: SetAsideReason | undefined =
      opened === 'unreadable'
        ? 'damaged'
        : belongsTo(opened, school)
          ? undefined
          : 'another_school';
    if (opened !== 'unreadable' && !problem)
      return { db: claim(opened, school), file: files.db, ...found };
    if (opened !== 'unreadable') opened.close();
    const aside = await this.setAside(files, problem!);
    const fresh = openEncrypted(files.db, await this.newKey(files));
    if (fresh === 'unreadable') throw new Error('a new school database would not open');
    return { db: claim(fresh, school), file: files.db, ...aside };
  }

  /**
   * Records how many unsent changes the school's database holds now (0 removes the record).
   * Written without an fsync: it is a hint for the day the database will not open, and the
   * database itself holds the changes durably.
   */
  async noteUnsent(school: string, count: number, savedAt: number): Promise<void> {
    if (!this.persist()) return;
    const file = this.unsentFileOf(school);
    if (count === 0) {
      await rm(file, { force: true });
      return;
    }
    const record: UnsentRecord = { count, savedAt };
    await writeFile(`${file}.tmp`, JSON.stringify(record), { mode: 0o600 });
    await rename(`${file}.tmp`, file);
  }

  /**
   * Removes the school's database, WAL, shared memory and key, and any copy set aside; other
   * schools' files stay. Close the school's database first.
   */
  async remove(school: string): Promise<void> {
    await this.removeFiles(this.filesOf(school));
    await rm(this.unsentFileOf(school), { force: true });
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
    try {
      const { plain, stale } = await this.encryptor.decrypt(wrapped);
      if (plain.length !== KEY_BYTES) throw new Error('not a key');
      // Wrapped with a key the encryptor has replaced: wrap it again under the current one.
      if (stale) await this.writeKey(files, plain);
      return { key: plain, found: {} };
    } catch {
      const found = await this.setAside(files, 'key_unreadable');
      return { key: await this.newKey(files), found };
    }
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
      await rename(file, `${file}${ASIDE_SUFFIX}`).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    const unsentFile = files.db.replace(/\.sqlite$/, UNSENT_EXTENSION);
    const unsent = await readUnsent(unsentFile);
    await rm(unsentFile, { force: true });
    this.log.warn(
      `school database ${this.nameOf(files.db)} could not be opened (${reason}); its files are ` +
        `set aside as ${this.nameOf(files.db)}${ASIDE_SUFFIX} and the school syncs again; ` +
        `${unsent?.count ?? 0} unsent change(s) in them could not be read`,
    );
    return { setAside: reason, ...(unsent ? { unreadableUnsent: unsent } : {}) };
  }

  private async removeFiles(files: SchoolFiles): Promise<void> {
    for (const file of Object.values(files)) {
      await rm(file, { force: true });
      await rm(`${file}${ASIDE_SUFFIX}`, { force: true });
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

/**
 * Opens `file` with `key` and checks that the key reads it; answers 'unreadable' when it does
 * not (another key, a damaged or truncated file). A new file is made 0600 before SQLite
 * creates it, and its WAL and shared-memory files take the same mode.
 */
function openEncrypted(file: string, key: Buffer): Database.Database | 'unreadable' {
  // SECURITY: SQLite would create the file with the process's umask (often 0644).
  if (!existsSync(file)) writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
  const db = new Database(file);
  try {
    db.pragma(`cipher = '${CIPHER}'`);
    db.pragma(`key = "x'${key.toString('hex')}'"`);
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    for (const pragma of PRAGMAS) db.pragma(pragma);
    return db;
  } catch (error) {
    db.close();
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') return 'unreadable';
    throw error;
  }
}

/** Records the school the database belongs to, when it records none yet. */
function claim(db: Database.Database, school: string): Database.Database {
  db.exec('CREATE TABLE IF NOT EXISTS identity (school TEXT NOT NULL)');
  if (!db.prepare('SELECT 1 FROM identity').get())
    db.prepare('INSERT INTO identity (school) VALUES (?)').run(school);
  return db;
}

/** Whether the database belongs to `school` (or to no school yet: a new file). */
function belongsTo(db: Database.Database, school: string): boolean {
  const hasIdentity = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'identity'")
    .get();
  if (!hasIdentity) return true;
  const row = db.prepare('SELECT school FROM identity').get() as { school: string } | undefined;
  return row === undefined || row.school === school;
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
