import { describe, expect, it } from 'vitest';
import { studentRecord } from '../../../e2e/support/harness/database-harness';
import { useDatabaseHarness } from '../../../e2e/support/harness/use-harness';
import { MirrorDatabase } from '../store/mirror-database';
import { metaKey, type AreaMeta } from './area-state';
import type { PageSource } from './page-walk';
import { pullArea } from './pull';
import { WriteTracker } from './write-tracker';

const h = useDatabaseHarness();

describe('an id sweep and what the app writes while it runs', () => {
  it('drops what the school no longer lists, and keeps a record the app saved after it began', async () => {
    const mirror = MirrorDatabase.open(await h.open());
    const writes = new WriteTracker();
    mirror.onRecordsWritten((area, ids) => writes.note(area, ids));
    mirror.upsert('students', [studentRecord(1), studentRecord(2), studentRecord(3)]);
    // Records without updatedAt make every pass a full one: a sweep.
    const meta: AreaMeta = { phase: 'synced', nextPage: 1, noUpdatedAt: true };
    mirror.setMeta(metaKey('students'), meta);

    // The school lists student 1 only. While its page is on the way, the app saves a record
    // the school answered (the local-first layer writes it into the mirror) and gives
    // student 3 a new version.
    const source: PageSource = () => {
      mirror.upsert('students', [studentRecord(4)]);
      mirror.setEtag('students', 's-3', '"v2"');
      return Promise.resolve({ nodes: [studentRecord(1)], totalCount: 1, totalPages: 1 });
    };
    await pullArea({
      mirror,
      source,
      area: 'students',
      now: () => 0,
      trackWrites: () => writes.track('students'),
    });

    expect(mirror.ids('students')).toEqual(['s-1', 's-3', 's-4']);
  });
});
