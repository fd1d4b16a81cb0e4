import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';
import { signInAndAllow } from '../../../e2e/support/harness/chromium-opener';
import { memoryLog } from '../../../e2e/support/harness/sync-harness';
import { FileKeyEncryptor } from '../store/file-key-encryptor';
import { SchoolDatabases } from '../store/school-database';

/**
 * What the owner sees when a school's data on this computer cannot be read: each case of
 * damage, on a data folder where two edits were saved while the school was away.
 */

const h = useAuthHarness();
let snapshot: string;
let school: string;
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-set-aside-'));
  dirs.push(dir);
  return dir;
}

function servicesOn(dataDir: string, log = memoryLog()) {
  return h.services({ dataDir, log }).services;
}

/** The school's files in a data folder, by what they are. */
function schoolFiles(dataDir: string) {
  const folder = join(dataDir, 'schools');
  const base = readdirSync(folder)
    .find((name) => name.endsWith('.sqlite'))!
    .slice(0, -'.sqlite'.length);
  return { folder, db: join(folder, `${base}.sqlite`), key: join(folder, `${base}.key`) };
}

beforeAll(async () => {
  snapshot = tempDir();
  const services = servicesOn(snapshot);
  try {
    h.browser.behaviour = signInAndAllow();
    const session = await services.auth.signIn(h.platform.url, ['courses:read', 'courses:write']);
    school = session.schoolId;
    const data = await services.schools.for(school);
    const [first, second] = (await data.list('courses', { limit: 2, sort: 'name' })).rows;
    await h.control('/faults', { rate: 1, kind: 'drop', pathPrefix: '/api/v1/' });
    for (const [n, course] of [first!, second!].entries()) {
      const { etag } = await data.get('courses', course.id);
      await data.update('courses', course.id, { name: `Unsent ${n}` }, { etag: etag! });
    }
    expect((await services.schools.outboxStatus(school)).count).toBe(2);
  } finally {
    await services.schools.closeAll();
    await h.control('/faults', { off: true });
  }
}, 90_000);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const CASES: Array<[string, string, (dataDir: string) => Promise<void> | void]> = [
  ['its key removed', 'key_missing', (dir) => rmSync(schoolFiles(dir).key)],
  [
    'its key replaced by another that unwraps',
    'damaged',
    async (dir) => {
      const encryptor = new FileKeyEncryptor(join(dir, 'keys', 'session.key'));
      writeFileSync(schoolFiles(dir).key, await encryptor.encrypt(randomBytes(32)));
    },
  ],
  [
    'its key wrapped by another keyring',
    'key_unreadable',
    (dir) => writeFileSync(schoolFiles(dir).key, randomBytes(80)),
  ],
  [
    'a byte of its first page flipped',
    'damaged',
    (dir) => {
      const { db } = schoolFiles(dir);
      const bytes = readFileSync(db);
      bytes[2000] = bytes[2000]! ^ 0x01;
      writeFileSync(db, bytes);
    },
  ],
  ['its file cut short', 'damaged', (dir) => truncateSync(schoolFiles(dir).db, 3000)],
  [
    'another school’s file in its place',
    'another_school',
    async (dir) => {
      const { db, key } = schoolFiles(dir);
      const other = new SchoolDatabases(
        dir,
        new FileKeyEncryptor(join(dir, 'keys', 'session.key')),
        () => true,
        memoryLog(),
      );
      const opened = await other.open('https://other.example https://other.example/');
      opened.db.close();
      cpSync(opened.file!, db);
      cpSync(opened.file!.replace(/\.sqlite$/, '.key'), key);
    },
  ],
];

describe("a school's data that cannot be read", () => {
  it.each(CASES)(
    'with %s: set aside, not deleted, and the owner is told how many unsent changes and when',
    async (_case, reason, damage) => {
      const dataDir = tempDir();
      cpSync(snapshot, dataDir, { recursive: true });
      const before = Date.now();
      await damage(dataDir);
      const log = memoryLog();
      const services = servicesOn(dataDir, log);
      try {
        const status = await services.schools.outboxStatus(school);
        expect(status.count).toBe(0);
        expect(status.unreadable).toMatchObject({ reason, count: 2 });
        expect(status.unreadable!.savedAt).toBeGreaterThan(0);
        expect(status.unreadable!.at).toBeGreaterThanOrEqual(before);
        // Set aside beside the new files, and said in the log.
        const { folder } = schoolFiles(dataDir);
        expect(readdirSync(folder).some((name) => name.endsWith('.sqlite.unreadable'))).toBe(true);
        expect(log.lines.join('\n')).toMatch(/2 unsent change\(s\) in them could not be read/);
        // The notice stays until the owner has read it, across a restart.
        await services.schools.closeAll();
        const again = servicesOn(dataDir);
        try {
          expect((await again.schools.outboxStatus(school)).unreadable).toMatchObject({ reason });
          expect(await again.schools.acknowledgeUnreadable(school)).toBe(true);
          expect((await again.schools.outboxStatus(school)).unreadable).toBeUndefined();
        } finally {
          await again.schools.closeAll();
        }
        expect(existsSync(folder)).toBe(true);
      } finally {
        await services.schools.closeAll();
      }
    },
    30_000,
  );
});

describe("a school's copy found damaged after it opened", () => {
  it('is set aside with its unsent edits kept, the owner told in words, and the school copied again', async () => {
    const dataDir = tempDir();
    cpSync(snapshot, dataDir, { recursive: true });
    // A byte of the courses table's first page flipped: the open checks only the outbox's
    // pages, so the damage is met when the courses are read.
    const databases = new SchoolDatabases(
      dataDir,
      new FileKeyEncryptor(join(dataDir, 'keys', 'session.key')),
      () => true,
      memoryLog(),
    );
    const opened = await databases.open(school);
    const rootPage = opened.db
      .prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'courses'")
      .pluck()
      .get() as number;
    const pageSize = opened.db.pragma('page_size', { simple: true }) as number;
    opened.db.close();
    const { db: file, folder } = schoolFiles(dataDir);
    const bytes = readFileSync(file);
    const at = (rootPage - 1) * pageSize + 200;
    bytes[at] = bytes[at]! ^ 0x01;
    writeFileSync(file, bytes);

    const log = memoryLog();
    const services = servicesOn(dataDir, log);
    // The school away meanwhile, so the unsent edits stay unsent until it is back.
    await h.control('/faults', { rate: 1, kind: 'drop', pathPrefix: '/api/v1/' });
    try {
      const data = await services.schools.for(school);
      await expect(data.list('courses', { limit: 5, sort: 'name' })).rejects.toMatchObject({
        code: 'copy_damaged',
      });
      // The log line is written once the files are moved, so wait for it, not for a file.
      await expect
        .poll(() => log.lines.join('\n'), { timeout: 20_000 })
        .toMatch(/could not be read \(damaged\)/);
      expect(readdirSync(folder).some((n) => n.endsWith('.sqlite.unreadable'))).toBe(true);
      // The two unsent edits moved to the new database: no lost changes to tell of.
      await expect.poll(async () => (await services.schools.outboxStatus(school)).count).toBe(2);
      expect((await services.schools.outboxStatus(school)).unreadable).toBeUndefined();
      // With the school back, the edits reach it and its courses are listed again.
      await h.control('/faults', { off: true });
      await services.schools.syncNow(school);
      await expect
        .poll(async () => (await services.schools.outboxStatus(school)).count, { timeout: 15_000 })
        .toBe(0);
      const again = await services.schools.for(school);
      const names = (await again.list('courses', { limit: 100, sort: 'name' })).rows.map(
        (course) => course.name,
      );
      expect(names).toEqual(expect.arrayContaining(['Unsent 0', 'Unsent 1']));
    } finally {
      await h.control('/faults', { off: true });
      await services.schools.closeAll();
    }
  }, 30_000);
});
