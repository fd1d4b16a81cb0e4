import { existsSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3-multiple-ciphers';

/**
 * One school's database file: opened with its key under the app's cipher and connection
 * settings, brought up to this app's layout, and bound to its school. SchoolDatabases
 * decides which file and key, and what to set aside when these checks fail.
 */

/**
 * The cipher of every school database this app makes: SQLite3MultipleCiphers' AEGIS-256
 * (`aegis`, algorithm `aegis-256`). Each page is encrypted and authenticated with a nonce of
 * its own, so a changed byte fails to read rather than reading wrong; the WAL's pages are
 * encrypted the same way. The key is 32 random bytes handed over raw (`x'…'`), so no key
 * derivation runs at open: it is a key, not a passphrase. AEGIS runs on the processor's AES
 * instructions: a first sync of 100,000 students spent 0.34 s committing and 0.75 s
 * checkpointing under ChaCha20-Poly1305, against 0.12 s and 0.35 s under AEGIS-256 (a
 * scratch load of seeded students into the app's schema, on this machine).
 */
export const CIPHER: CipherSettings = ["cipher = 'aegis'", "algorithm = 'aegis-256'"];

/**
 * Ciphers of school databases made by earlier versions, tried in turn when CIPHER does not
 * read a file: ChaCha20-Poly1305 (`chacha20`, the sqleet scheme) until AEGIS-256 came. Such
 * a file keeps its cipher.
 */
const EARLIER_CIPHERS: readonly CipherSettings[] = [["cipher = 'chacha20'"]];

/** How a database is encrypted: the pragmas that choose its cipher, run before its key. */
export type CipherSettings = readonly string[];

/** The cipher each open database was read with (openEncrypted). */
const ciphers = new WeakMap<Database.Database, CipherSettings>();

/** The cipher `db` was opened with, for a second connection to the same file. */
export function cipherOf(db: Database.Database): CipherSettings {
  return ciphers.get(db) ?? CIPHER;
}

/**
 * What every connection to a school database sets, a helper process's too (its first message,
 * helper-process.ts). `fullfsync`: on macOS a plain fsync leaves the data in the drive's own
 * cache, where a power cut loses it; F_FULLFSYNC flushes that too, for the outbox's commits
 * and for checkpoints (which copy those commits into the database before the WAL starts
 * again, the helper's included). Other systems ignore it; their fsync already reaches the
 * disk. SECURITY: `temp_store = MEMORY` keeps temporary tables and an index build's sort in
 * memory, where no plain page can reach the disk.
 */
export const CONNECTION_PRAGMAS = [
  'synchronous = NORMAL',
  'fullfsync = ON',
  'temp_store = MEMORY',
] as const;

/**
 * The host's connection's settings: CONNECTION_PRAGMAS and its own. WAL with `synchronous =
 * NORMAL`: a commit cannot corrupt the database on a crash or a power cut, and reaches the
 * disk at the next checkpoint. That suits the copy, which the school can send again, and keeps
 * a first sync of 2,000 pages from waiting on 2,000 fsyncs. The outbox's commits are fsynced
 * before they return (inDurableTransaction, `synchronous = FULL` for that commit), as the
 * owner must hear "saved on this computer" only once the change is on disk. The page cache is
 * bounded whatever the school's size: 24 MiB holds the search index of 100,000 students (with
 * its phone keys) and the pages a search sorted by another key walks. At 16 MiB those evicted
 * each other: a broad search sorted by e-mail took 62 ms instead of 18 (npm run
 * bench:offline), for 3 MiB less at the first sync's peak. SQLite leaves the WAL file as large
 * as its largest stretch between checkpoints; each time it starts the log again it cuts it
 * back to 4 MiB (`journal_size_limit`). Without that, the WAL of a school of 100,000 students
 * kept 17 MiB after its first sync.
 */
const PRAGMAS = [
  'journal_mode = WAL',
  ...CONNECTION_PRAGMAS,
  'cache_size = -24576',
  `journal_size_limit = ${4 * 1024 * 1024}`,
] as const;

/**
 * The version of the database's layout this app writes, in `PRAGMA user_version`. An older
 * database is brought up to it by MIGRATIONS; a newer one is set aside (see open()).
 */
export const SCHEMA_VERSION = 1;

/**
 * Migrations by the version they start from: MIGRATIONS[v] takes a database of version v to
 * v + 1, inside the transaction that records the new version. Version 0 is a database made
 * before versions were recorded (or just created): its tables are made by their owners
 * (MirrorDatabase, OutboxTable) as they open, so it needs nothing.
 */
const MIGRATIONS: Record<number, (db: Database.Database) => void> = {
  0: () => undefined,
};

/** An outbox row carried out of a database set aside for its unknown version. */
export type SalvagedEntry = { id: string; account: string; value: string };

/**
 * Opens `file` with `key` and checks that the key reads it, under CIPHER or an earlier
 * cipher; answers 'unreadable' when none does (another key, a damaged or truncated file). A
 * new file is made 0600 before SQLite creates it, and its WAL and shared-memory files take
 * the same mode.
 */
export function openEncrypted(file: string, key: Buffer): Database.Database | 'unreadable' {
  // SECURITY: SQLite would create the file with the process's umask (often 0644).
  if (!existsSync(file)) writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
  for (const cipher of [CIPHER, ...EARLIER_CIPHERS]) {
    const db = openWith(file, key, cipher);
    if (db !== 'unreadable') return db;
  }
  return 'unreadable';
}

function openWith(
  file: string,
  key: Buffer,
  cipher: CipherSettings,
): Database.Database | 'unreadable' {
  const db = new Database(file);
  try {
    for (const pragma of cipher) db.pragma(pragma);
    db.pragma(`key = "x'${key.toString('hex')}'"`);
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    for (const pragma of PRAGMAS) db.pragma(pragma);
    // Every page of the unsent edits is read and its MAC checked now, so damage there sets
    // the database aside at open (with the owner told) rather than failing a replay later.
    // The copy's pages are checked as they are read: all of them would take too long here.
    if (hasTable(db, 'outbox') && db.pragma('quick_check(outbox)', { simple: true }) !== 'ok')
      throw Object.assign(new Error('the outbox table is damaged'), { code: 'SQLITE_CORRUPT' });
    ciphers.set(db, cipher);
    return db;
  } catch (error) {
    db.close();
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') return 'unreadable';
    throw error;
  }
}

/**
 * Brings a database of an older layout up to SCHEMA_VERSION (each step and its version in one
 * transaction); false for a version this app does not know.
 */
export function upToDate(db: Database.Database): boolean {
  let version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) return false;
  while (version < SCHEMA_VERSION) {
    const migrate = MIGRATIONS[version];
    if (!migrate) return false;
    db.transaction(() => {
      migrate(db);
      db.pragma(`user_version = ${version + 1}`);
    })();
    version += 1;
  }
  return true;
}

/**
 * The outbox's rows of a database of unknown layout, as far as they read; undefined when its
 * table is missing or does not read.
 */
export function readOutbox(db: Database.Database): SalvagedEntry[] | undefined {
  try {
    return db.prepare('SELECT id, account, value FROM outbox').all() as SalvagedEntry[];
  } catch {
    return undefined;
  }
}

/** Records the school the database belongs to, when it records none yet. */
export function claim(db: Database.Database, school: string): Database.Database {
  db.exec('CREATE TABLE IF NOT EXISTS identity (school TEXT NOT NULL)');
  if (!db.prepare('SELECT 1 FROM identity').get())
    db.prepare('INSERT INTO identity (school) VALUES (?)').run(school);
  if (db.pragma('user_version', { simple: true }) === 0)
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  return db;
}

function hasTable(db: Database.Database, name: string): boolean {
  return Boolean(
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name),
  );
}

/** Whether the database belongs to `school` (or to no school yet: a new file). */
export function belongsTo(db: Database.Database, school: string): boolean {
  const hasIdentity = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'identity'")
    .get();
  if (!hasIdentity) return true;
  const row = db.prepare('SELECT school FROM identity').get() as { school: string } | undefined;
  return row === undefined || row.school === school;
}
