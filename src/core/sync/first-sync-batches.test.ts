import { describe, expect, it } from 'vitest';
import { studentRecord, TEST_SCHOOL } from '../../../e2e/support/harness/database-harness';
import { useDatabaseHarness } from '../../../e2e/support/harness/use-harness';
import { MirrorDatabase } from '../store/mirror-database';
import { metaKey, readUnreadable, unreadableKey, type AreaMeta, type BulkLoad } from './area-state';
import { AreaWriter } from './area-writer';
import { FIRST_SYNC_BATCH_ROWS, FirstSyncBatches, LAST_BATCH_ROWS } from './first-sync-batches';
import type { PageAnswer } from './page-walk';

const PER_PAGE = 50;
/** A batch and a part: two helper stores when every page is staged. */
const PAGES = (FIRST_SYNC_BATCH_ROWS + 1000) / PER_PAGE;

const h = useDatabaseHarness();

/**
 * How the school wrote a page's JSON (PageAnswer.text, given when every record read): on one
 * line, each record's keys in reverse (so a record stored from it tells), or over many lines.
 */
type Written = 'reversed' | 'lines';

/** Page `page` of the school's students; `unreadable`: its last record did not read. */
function answer(page: number, unreadable = false, written: Written = 'reversed'): PageAnswer {
  const first = (page - 1) * PER_PAGE;
  const nodes = Array.from({ length: PER_PAGE }, (_, n) => studentRecord(first + n));
  const totals = { totalCount: PAGES * PER_PAGE, totalPages: PAGES };
  if (unreadable)
    return { nodes: nodes.slice(0, -1), ...totals, unreadableIds: [nodes.at(-1)!.id] };
  const sent =
    written === 'lines'
      ? JSON.stringify({ nodes, ...totals }, null, 2)
      : JSON.stringify({ ...totals, nodes: nodes.map((node) => reversed(node)) });
  return { nodes, ...totals, text: sent };
}

function reversed(record: object): object {
  return Object.fromEntries(Object.entries(record).reverse());
}

/**
 * A large first sync of every page into the test school's mirror, with its helper process.
 * `rowsLeft`: what the walk says is left past a page (by default, always more than a batch).
 */
async function firstSync(
  unreadablePage?: number,
  before?: (mirror: MirrorDatabase) => void,
  written?: (page: number) => Written,
  rowsLeft: (page: number) => number = () => Number.POSITIVE_INFINITY,
) {
  const { db, buildIndexes, startHelper } = await h.databases.open(TEST_SCHOOL);
  const mirror = MirrorDatabase.open(db, buildIndexes, startHelper);
  before?.(mirror);
  const load = mirror.bulkLoad('students');
  const inHelper: number[] = [];
  const bulk: BulkLoad = {
    ...load,
    helper: {
      stage: (page) => load.helper!.stage(page),
      store: (pages, meta) => {
        inHelper.push(pages.reduce((rows, page) => rows + page.ids.length, 0));
        return load.helper!.store(pages, meta);
      },
    },
  };
  let meta: AreaMeta = { phase: 'first', nextPage: 1 };
  const batches = new FirstSyncBatches({
    writer: new AreaWriter(mirror, 'students'),
    mirror,
    meta: () => meta,
    setMeta: (reached) => {
      meta = reached;
    },
    bulk: () => bulk,
  });
  for (let page = 1; page <= PAGES; page += 1) {
    await batches.room();
    batches.add(answer(page, page === unreadablePage, written?.(page)), true, rowsLeft(page));
    batches.reached(page + 1);
  }
  await batches.finish();
  await bulk.end();
  return { mirror, inHelper, changed: batches.changed };
}

describe('FirstSyncBatches with a helper process', () => {
  it('stores the staged pages there, a page with an unreadable record here after them, and each frontier with its batch', async () => {
    const { mirror, inHelper, changed } = await firstSync(30);
    expect(mirror.count('students')).toBe(PAGES * PER_PAGE - 1);
    expect(readUnreadable(mirror, 'students')).toEqual([`s-${30 * PER_PAGE - 1}`]);
    // Page 30 holds 49 readable rows, so the first batch takes 101 pages: the other 100 went
    // to the helper, and all of the last part's 19.
    expect(inHelper).toEqual([FIRST_SYNC_BATCH_ROWS, 950]);
    expect(mirror.getMeta(metaKey('students'))).toEqual({ phase: 'first', nextPage: PAGES + 1 });
    expect(changed).toBe(PAGES * PER_PAGE);
  });

  it('stores the rows of its last stretch in small batches, so the last commit is short', async () => {
    const { mirror, inHelper } = await firstSync(undefined, undefined, undefined, (page) =>
      Math.max(0, (PAGES - page) * PER_PAGE),
    );
    expect(mirror.count('students')).toBe(PAGES * PER_PAGE);
    // Past page 20 fewer than a batch's rows are left: the 1,050 rows so far go at once, then
    // LAST_BATCH_ROWS at a time, and the last 19 pages at the end.
    expect(LAST_BATCH_ROWS).toBe(1000);
    expect(inHelper).toEqual([1050, 1000, 1000, 1000, 1000, 950]);
  });

  it("stores a staged page's records as the school sent them, and a page whose JSON has line breaks as read", async () => {
    const { mirror } = await firstSync(undefined, undefined, (page) =>
      page % 2 === 0 ? 'lines' : 'reversed',
    );
    expect(mirror.count('students')).toBe(PAGES * PER_PAGE);
    // Page 1 went as the school wrote it; page 2, over many lines, as its records read.
    expect(mirror.get('students', 's-0')?.record).toEqual(studentRecord(0));
    expect(Object.keys(mirror.get('students', 's-0')?.record ?? {})).toEqual(
      Object.keys(reversed(studentRecord(0))),
    );
    expect(Object.keys(mirror.get('students', `s-${PER_PAGE}`)?.record ?? {})).toEqual(
      Object.keys(studentRecord(PER_PAGE)),
    );
  });

  it('stores pages here while the mirror knows unreadable records, and forgets one that now reads', async () => {
    const { mirror, inHelper } = await firstSync(undefined, (mirror) =>
      mirror.setMeta(unreadableKey('students'), ['s-7']),
    );
    // The first batch, here, forgot s-7; pages after it may go to the helper.
    expect(inHelper.every((rows) => rows < FIRST_SYNC_BATCH_ROWS)).toBe(true);
    expect(mirror.count('students')).toBe(PAGES * PER_PAGE);
    expect(readUnreadable(mirror, 'students')).toEqual([]);
  });
});
