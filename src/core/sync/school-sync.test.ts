import { describe, expect, it } from 'vitest';
import { allSynced, type SyncHarness } from '../../../e2e/support/harness/sync-harness';
import type { Counters } from '../../../e2e/support/harness/client-harness';
import { useSyncHarness } from '../../../e2e/support/harness/use-harness';
import { studentRecord } from '../../../e2e/support/harness/database-harness';
import { ENTITY_NAMES, type EntityName } from '../../shared/entity-names';
import { MirrorDatabase } from '../store/mirror-database';
import { readAreaMeta } from './area-state';
import { LAST_BATCH_ROWS } from './first-sync-batches';

const perTest = useSyncHarness();

async function listRequests(harness: SyncHarness, area: EntityName): Promise<number> {
  return (await harness.client.route(`GET /api/v1/${area}`)).total;
}

/**
 * listRequests once the school has read every request sent: pages in flight when a walk
 * stopped reach it after the walk ended (the walk drops their answers).
 */
async function settledListRequests(harness: SyncHarness, area: EntityName): Promise<number> {
  for (let last = -1; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const now = await listRequests(harness, area);
    if (now === last) return now;
    last = now;
  }
}

async function expectMirrorEqualsServer(
  harness: SyncHarness,
  mirror: MirrorDatabase,
  areas: readonly EntityName[] = ENTITY_NAMES,
) {
  for (const area of areas) {
    expect(mirror.ids(area).sort(), area).toEqual(await harness.serverIds(area));
  }
}

/** One of the stand-in's records of `area`, as the server has it now. */
async function serverRecord(harness: SyncHarness, area: EntityName, id: string) {
  const url = new URL(`${harness.client.apiBaseUrl}/${area}/${id}`);
  const response = await harness.client.transport(url, { method: 'GET', headers: new Headers() });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('first sync', () => {
  it('fills the mirror equal to the stand-in, saves it, and reports progress', async () => {
    const h = await perTest.start({ students: 260 });
    // Every page's progress is told here; the app tells it at most every 250 ms.
    const opened = await h.open({ schedule: { progressMs: 0 } });
    await opened.until(allSynced);
    await opened.sync.syncNow();
    const mirror = opened.sync.copy;
    await expectMirrorEqualsServer(h, mirror);
    const status = opened.sync.status();
    expect(status.areas.students).toMatchObject({ state: 'synced', rows: 260 });
    expect(status.lastSyncedAt).toBeTypeOf('number');
    // Progress was shown for the students while they came in.
    const progress = opened.statuses.flatMap((s) =>
      s.activity?.area === 'students' && s.activity.kind === 'first' ? [s.activity] : [],
    );
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toMatchObject({ done: 260, total: 260 });
    expect(opened.changes.flat()).toEqual(expect.arrayContaining([...ENTITY_NAMES]));

    // What was committed opens again with the same rows, without a network.
    await opened.close();
    const db = await h.openDatabase();
    expect(MirrorDatabase.open(db).count('students')).toBe(260);
    db.close();
  });

  it('is cancelled, and resumes from the saved page after a restart', async () => {
    const harness = await perTest.start({ students: 1000 }, ['students:read']);
    // One page at a time so the cancel lands at a known place.
    let first = await harness.open({ pull: { concurrency: 1 }, schedule: { progressMs: 0 } });
    const atCancel = await first.until((s) => (s.activity?.done ?? 0) >= 300);
    first.sync.cancel();
    await first.until((s) => s.areas.students.state === 'never' && !s.activity);
    const rowsAtCancel = first.sync.status().areas.students.rows;
    expect(rowsAtCancel).toBeGreaterThanOrEqual(atCancel.activity!.done);
    expect(rowsAtCancel).toBeLessThan(1000);
    await first.close();
    const before = await listRequests(harness, 'students');

    first = await harness.open({ pull: { concurrency: 1 } });
    await first.until(allSynced);
    const after = await listRequests(harness, 'students');
    await expectMirrorEqualsServer(harness, first.sync.copy, ['students']);
    // 20 pages of 50: the restart fetched only those not saved yet, plus the count check.
    const saved = Math.floor(rowsAtCancel / 50);
    expect(after - before).toBeLessThanOrEqual(20 - saved + 2);
    expect(after - before).toBeLessThan(20);
    // Both runs together: the 20 pages once, a head request, the count check, and at most
    // the page in flight when the cancel came.
    expect(after).toBeLessThanOrEqual(20 + 3);
  });
});

describe('a large first sync', () => {
  it('builds the area indexes before its last page, and stores its last stretch in small batches', async () => {
    const h = await perTest.start({ students: 8000 }, ['students:read']);
    const opened = await h.open();
    const indexes = () =>
      opened.db
        .prepare(
          "SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND tbl_name = 'students' AND name NOT LIKE 'sqlite_autoindex%'",
        )
        .get() as { n: number };
    // Each store tells its ids; the helper's batches are the ones with more than a page.
    const batches: { rows: number; indexes: number }[] = [];
    // The status is told every progressMs while the sync runs, and reads no COUNT of the area
    // (school-sync.ts rowsOf): the pull counts once, as it starts.
    const copy = opened.sync.copy;
    const count = copy.count.bind(copy);
    let countsWhileFirst = 0;
    copy.count = (area) => {
      if (area === 'students' && readAreaMeta(copy, area)?.phase === 'first') countsWhileFirst += 1;
      return count(area);
    };
    copy.onRecordsWritten((area, ids) => {
      if (area === 'students' && ids.length > 50)
        batches.push({ rows: ids.length, indexes: indexes().n });
    });
    await opened.until(allSynced);
    const built = indexes().n;
    expect(built).toBeGreaterThan(0);
    expect(batches.reduce((rows, batch) => rows + batch.rows, 0)).toBeGreaterThan(7000);
    // The last batch was small, and the indexes were there before it (pull.ts INDEX_WHEN_LEFT):
    // with every page answered, nothing is left to build after it.
    expect(batches.at(-1)!.rows).toBeLessThanOrEqual(LAST_BATCH_ROWS + 8 * 50);
    expect(batches.at(-1)!.indexes).toBe(built);
    expect(batches[0]!.indexes).toBeLessThan(built);
    expect(countsWhileFirst).toBe(1);
  });
});

describe('incremental sync', () => {
  it('picks up server-side edits, creations and deletions', async () => {
    const harness = await perTest.start({ students: 160 });
    const opened = await harness.open();
    await opened.until(allSynced);
    const mirror = opened.sync.copy;
    const [editedId, deletedId] = mirror.ids('students');

    // An edit (another client's PATCH) and a creation: one incremental pass, no sweep.
    await harness.client.control(
      `/records/students/${editedId}`,
      { name: 'Edited Elsewhere' },
      'PATCH',
    );
    const created = await harness.client.transport(
      new URL(`${harness.client.apiBaseUrl}/students`),
      {
        method: 'POST',
        headers: new Headers({
          'content-type': 'application/json',
          'Idempotency-Key': 'sync-test-1',
        }),
        body: JSON.stringify({ name: 'New Student', email: 'new.student@example.test' }),
      },
    );
    expect(created.status).toBe(201);
    const createdId = ((await created.json()) as { id: string }).id;
    const beforeEdit = await listRequests(harness, 'students');
    opened.changes.length = 0;
    await opened.sync.syncNow();
    expect((mirror.get('students', editedId!)?.record as { name: string }).name).toBe(
      'Edited Elsewhere',
    );
    expect(mirror.get('students', createdId)).toBeDefined();
    expect(opened.changes.flat()).toContain('students');
    // A head page and a count, not all four pages again.
    expect((await listRequests(harness, 'students')) - beforeEdit).toBe(2);

    // A deletion: the count differs, and an id sweep drops it.
    const gone = await harness.client.transport(
      new URL(`${harness.client.apiBaseUrl}/students/${deletedId}`),
      { method: 'DELETE', headers: new Headers() },
    );
    expect(gone.status).toBe(204);
    await opened.sync.syncNow();
    expect(mirror.get('students', deletedId!)).toBeUndefined();
    await expectMirrorEqualsServer(harness, mirror);
    expect((await serverRecord(harness, 'students', deletedId!)).status).toBe(404);
  });

  it('a read just after a pass still brings news: one look at the end of revalidateMs', async () => {
    const harness = await perTest.start({ students: 20 });
    const opened = await harness.open({ schedule: { revalidateMs: 300 } });
    await opened.until(allSynced);
    const mirror = opened.sync.copy;
    const [id] = mirror.ids('courses');
    await harness.client.control(`/records/courses/${id}`, { name: 'Renamed Elsewhere' }, 'PATCH');
    const before = await listRequests(harness, 'courses');
    // Reads right after the pass, inside revalidateMs: none is dropped, none is repeated.
    opened.sync.revalidate('courses');
    opened.sync.revalidate('courses');
    await expect
      .poll(() => (mirror.get('courses', id!)?.record as { name: string }).name)
      .toBe('Renamed Elsewhere');
    expect(opened.changes.flat()).toContain('courses');
    expect((await listRequests(harness, 'courses')) - before).toBe(2);
  });

  it('tells a burst of changes made outside a pass at once and once more at its end', async () => {
    const harness = await perTest.start({ students: 20 });
    const opened = await harness.open({ schedule: { progressMs: 300 } });
    await opened.until(allSynced);
    const mirror = opened.sync.copy;
    const before = opened.statuses.length;
    // A bulk job creating 200 students, each stored and told as the app does (one row each).
    for (let n = 1; n <= 200; n += 1) {
      mirror.upsert('students', [studentRecord(1_000_000 + n)]);
      opened.sync.changed('students');
    }
    const told = () => opened.statuses.slice(before).map((status) => status.areas.students.rows);
    expect(told()).toEqual([21]);
    await expect.poll(told).toEqual([21, 220]);
  });

  it('a quiet round asks two small requests per area and changes nothing', async () => {
    const h = await perTest.start({ students: 120 });
    const opened = await h.open();
    await opened.until(allSynced);
    await opened.sync.syncNow();
    const before = await h.client.control<Counters>('/counters', undefined, 'GET');
    opened.changes.length = 0;
    await opened.sync.syncNow();
    const after = await h.client.control<Counters>('/counters', undefined, 'GET');
    expect(after.total - before.total).toBe(2 * ENTITY_NAMES.length);
    expect(opened.changes).toEqual([]);
  });

  it('falls back to full passes for a school whose records carry no updatedAt', async () => {
    // The platform documents no updatedAt (NOTES.md); this stand-in answers only what it
    // documents.
    const harness = await perTest.start({ students: 60, documentedFieldsOnly: true }, [
      'courses:read',
    ]);
    const asked: URL[] = [];
    const opened = await harness.open({
      transport: (url, init) => {
        asked.push(url);
        return harness.client.transport(url, init);
      },
    });
    await opened.until(allSynced);
    const [courseId, otherId] = opened.sync.copy.ids('courses');
    expect(opened.sync.copy.get('courses', courseId!)?.record).not.toHaveProperty('updatedAt');
    await harness.client.control(
      `/records/courses/${courseId}`,
      { name: 'Renamed course' },
      'PATCH',
    );
    await harness.client.control(`/records/courses/${otherId}`, { invisible: true }, 'PATCH');
    await opened.sync.syncNow();
    expect((opened.sync.copy.get('courses', courseId!)?.record as { name: string }).name).toBe(
      'Renamed course',
    );
    expect(opened.sync.copy.get('courses', otherId!)?.record).toMatchObject({ invisible: true });
    // Full passes: no request relied on updatedSince, which such records cannot answer.
    expect(asked.filter((url) => url.searchParams.has('updatedSince'))).toEqual([]);
  });
});

describe('a hostile school', () => {
  it('claiming 2^53 pages: the first sync ends where the pages run dry', async () => {
    const h = await perTest.start({ students: 260 });
    await h.client.control('/answer-shape', { claimedTotalPages: Number.MAX_SAFE_INTEGER });
    const opened = await h.open();
    await opened.until(allSynced);
    // 260 students are a head request and 6 pages of 50. Past them, only the pages the 8
    // workers had asked for before the first empty one answered: fewer than two per worker,
    // where following the claim would never end.
    expect(await listRequests(h, 'students')).toBeLessThanOrEqual(1 + 6 + 2 * 8);
    // The school tells the truth again, so the test can list what it holds.
    await h.client.control('/answer-shape', {});
    await expectMirrorEqualsServer(h, opened.sync.copy);
  });
});

describe('a copy past its cap', () => {
  it('keeps nothing of the area that grew it, says so, and keeps the other areas', async () => {
    // 2,000 students take about 1 MB here; the other areas, synced first, far less.
    const h = await perTest.start({ students: 2000 });
    const opened = await h.open({ pull: { maxCopyBytes: 600 * 1024 } });
    await opened.until((s) => s.areas.students.state === 'too_large', 30_000);
    const { areas } = opened.sync.status();
    expect(areas.students).toEqual({ state: 'too_large', rows: 0 });
    for (const area of ['courses', 'coupons', 'pages'] as const)
      expect(areas[area].state, area).toBe('synced');
    const copy = opened.sync.copy;
    expect(copy.count('students')).toBe(0);
    expect(opened.sync.isSynced('students')).toBe(false);
    // The next round leaves the area alone rather than walking it again.
    const asked = await settledListRequests(h, 'students');
    await opened.sync.syncNow();
    expect(await listRequests(h, 'students')).toBe(asked);
    // Nor does the next start of the app.
    await opened.close();
    const again = await h.open({ pull: { maxCopyBytes: 600 * 1024 } });
    await again.until((s) => s.lastSyncedAt !== undefined && !s.activity);
    expect(again.sync.status().areas.students).toEqual({ state: 'too_large', rows: 0 });
    expect(await listRequests(h, 'students')).toBe(asked);
  });
});

describe('a pass that fails on this computer', () => {
  it('says why and when it tries again, and says no more once a pass succeeds', async () => {
    const h = await perTest.start({ students: 60 }, ['courses:read', 'students:read']);
    const db = await h.openDatabase();
    MirrorDatabase.open(db); // its tables
    // The file may not grow (SQLite's SQLITE_FULL, as on a full disk): nothing can be stored.
    db.pragma(`max_page_count = ${Number(db.pragma('page_count', { simple: true }))}`);
    const opened = await h.open({ db, schedule: { incrementalMs: 60_000 } });
    const failed = await opened.until(
      (s) => s.areas.students.failure?.retryAt !== undefined && !s.activity,
    );
    const retryAt = failed.areas.students.failure!.retryAt!;
    expect(failed.areas.students).toMatchObject({
      state: 'never',
      failure: { reason: 'disk_full' },
    });
    expect(failed.areas.courses.failure).toEqual({ reason: 'disk_full', retryAt });
    expect(retryAt - Date.now()).toBeGreaterThan(50_000);
    expect(h.log.lines.join('\n')).toMatch(/sync: students failed \(SQLITE_FULL\)/);

    db.pragma('max_page_count = 1073741823');
    await opened.sync.syncNow();
    const status = opened.sync.status();
    expect(status.areas.students).toEqual(expect.objectContaining({ state: 'synced', rows: 60 }));
    expect(status.areas.students.failure).toBeUndefined();
    expect(status.areas.courses.failure).toBeUndefined();
    await opened.close();
    db.close();
  });
});

describe('scopes', () => {
  it('drops an area that is no longer readable and syncs one that becomes readable', async () => {
    // The token may read everything; the session's scopes say what sync may keep.
    const h = await perTest.start({ students: 60 });
    const opened = await h.open({ scopes: ['courses:read', 'coupons:read'] });
    await opened.until(allSynced);
    expect(opened.sync.copy.count('coupons')).toBeGreaterThan(0);
    expect(opened.sync.status().areas.students.state).toBe('not_granted');

    opened.sync.updateScopes(['courses:read', 'pages:read']);
    expect(opened.sync.copy.count('coupons')).toBe(0);
    expect(opened.sync.status().areas.coupons).toEqual({ state: 'not_granted', rows: 0 });
    expect(opened.changes.flat()).toContain('coupons');
    await opened.until((s) => s.areas.pages.state === 'synced');
    expect(opened.sync.copy.ids('pages').sort()).toEqual(await h.serverIds('pages'));
  });
});

describe('reachability', () => {
  it('stops while the school does not answer and syncs at once when it answers again', async () => {
    const harness = await perTest.start({ students: 60 });
    const opened = await harness.open();
    await opened.until(allSynced);
    const mirror = opened.sync.copy;
    const [courseId] = mirror.ids('courses');

    await harness.client.control('/faults', { rate: 1, kind: 'drop', pathPrefix: '/api/v1/' });
    await opened.sync.syncNow();
    const away = opened.sync.status();
    expect(away.reachability).toBe('unreachable');
    expect(away.retryAt).toBeTypeOf('number');
    // What was synced stays usable.
    expect(opened.sync.isSynced('courses')).toBe(true);

    await harness.client.control(
      `/records/courses/${courseId}`,
      { name: 'Changed while away' },
      'PATCH',
    );
    await harness.client.control('/faults', { off: true });
    // No "Sync now": the probe finds the school, and a round runs at once.
    await opened.until(
      (s) =>
        s.reachability === 'online' &&
        (mirror.get('courses', courseId!)?.record as { name?: string }).name ===
          'Changed while away',
    );
  });
});
