import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLog } from '../../../../e2e/support/harness/sync-harness';
import { OutboxTable } from '../../outbox/outbox-table';
import { Outbox } from '../../outbox/outbox';
import { FileKeyEncryptor } from '../file-key-encryptor';
import { MirrorDatabase } from '../mirror-database';
import { SchoolDatabases } from '../school-database';
import { SqlJsEraFiles } from './sqljs-era';

/** Files the sql.js-era app wrote (see fixtures/sqljs-era/README.md). */
const FIXTURES = join(import.meta.dirname, 'fixtures', 'sqljs-era');
const FIRST = 'http://127.0.0.1:4010/oidc http://127.0.0.1:4010/';
const SECOND = 'http://127.0.0.1:4020/oidc http://127.0.0.1:4020/';
const FIRST_JOURNAL = 'outbox/3d89bb5b9a4e34f872accdcb3871a340.journal';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data folder as the old version left it, opened by this version's pieces. */
function oldDataFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-upgrade-'));
  dirs.push(dir);
  cpSync(FIXTURES, dir, { recursive: true });
  const log = memoryLog();
  const encryptor = new FileKeyEncryptor(join(dir, 'keys', 'session.key'), log);
  const databases = new SchoolDatabases(dir, encryptor, () => true, log);
  const legacy = new SqlJsEraFiles(dir, encryptor, log);
  /** Opens a school as Schools.open does, and answers its outbox's entries. */
  const start = async (school: string) => {
    const { db } = await databases.open(school);
    MirrorDatabase.open(db);
    const store = new OutboxTable(db, 'owner');
    const upgrade = await legacy.moveInto(school, db, 'owner');
    const entries = (await Outbox.open({ store })).entries();
    db.close();
    return { upgrade, entries };
  };
  return { dir, log, start };
}

describe('the first start after the sql.js era', () => {
  it("moves each school's unsent edits into its database, as they were, and removes the old files", async () => {
    const old = oldDataFolder();
    const { upgrade, entries } = await old.start(FIRST);
    expect(upgrade).toEqual({ moved: 4, unreadable: false });
    expect(entries.map((entry) => entry.edit)).toEqual([
      {
        kind: 'create',
        entity: 'courses',
        id: 'local-1',
        fields: { name: 'Upgraded course 升級', slug: 'upgraded-course' },
      },
      // Two edits of one record were merged in the journal; the last value won.
      {
        kind: 'update',
        entity: 'students',
        id: 'stu-42',
        fields: { name: 'Renamed twice' },
        etag: 'W/"3"',
      },
      { kind: 'delete', entity: 'coupons', id: 'cp-7', etag: 'W/"1"' },
      { kind: 'update', entity: 'pages', id: 'pg-1', fields: { title: 'x' } },
    ]);
    // The same idempotency key: a create the old version had sent is not made twice.
    expect(entries[0]?.idempotencyKey).toBe('idem-create-1');
    expect(entries.every((entry) => entry.state === 'waiting')).toBe(true);
    // The old copy and journal of that school are gone; the other school's journal waits.
    expect(existsSync(join(old.dir, 'mirrors'))).toBe(false);
    expect(existsSync(join(old.dir, FIRST_JOURNAL))).toBe(false);
    expect(readdirSync(join(old.dir, 'outbox'))).toHaveLength(1);

    const second = await old.start(SECOND);
    expect(second.upgrade).toEqual({ moved: 1, unreadable: false });
    expect(second.entries.map((entry) => entry.edit.id)).toEqual(['c-9']);
    expect(existsSync(join(old.dir, 'outbox'))).toBe(false);
    expect(existsSync(join(old.dir, 'mirrors'))).toBe(false);
  });

  it('moves them exactly once, even when the app stopped before the old journal was removed', async () => {
    const old = oldDataFolder();
    const journal = readFileSync(join(old.dir, FIRST_JOURNAL));
    expect((await old.start(FIRST)).entries).toHaveLength(4);
    // One entry was sent and dropped since; then the old journal turns up again (a crash
    // between the commit and the removal).
    const { db } = await new SchoolDatabases(
      old.dir,
      new FileKeyEncryptor(join(old.dir, 'keys', 'session.key')),
      () => true,
      old.log,
    ).open(FIRST);
    const table = new OutboxTable(db, 'owner');
    const [sent] = (await table.open()).keys();
    await table.append([{ op: 'drop', id: sent! }]);
    db.close();
    writeFileSync(join(old.dir, FIRST_JOURNAL), journal);

    const again = await old.start(FIRST);
    expect(again.upgrade.moved).toBe(0);
    expect(again.entries).toHaveLength(3);
    expect(existsSync(join(old.dir, FIRST_JOURNAL))).toBe(false);
  });

  it('moves what reads of a damaged journal, and keeps the rest aside with a line in the log', async () => {
    const old = oldDataFolder();
    const file = join(old.dir, FIRST_JOURNAL);
    const bytes = readFileSync(file);
    // A byte flipped in the first frame's blob: nothing after it can be trusted.
    bytes[30] = bytes[30]! ^ 0xff;
    writeFileSync(file, bytes);
    const { upgrade, entries } = await old.start(FIRST);
    expect(upgrade).toEqual({ moved: 0, unreadable: true });
    expect(entries).toEqual([]);
    expect(existsSync(`${file}.unreadable`)).toBe(true);
    expect(old.log.lines.join('\n')).toMatch(
      /would not decrypt and is kept as outbox\/.*\.journal\.unreadable/,
    );
  });
});
