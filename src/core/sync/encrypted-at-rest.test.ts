import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allSynced } from '../../../e2e/support/harness/sync-harness';
import { useSyncHarness } from '../../../e2e/support/harness/use-harness';

const perTest = useSyncHarness();

/** Every file below `dir`, read whole. */
function filesBelow(dir: string): { path: string; bytes: Buffer }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [{ path, bytes: readFileSync(path) }];
  });
}

describe('the local copy at rest', () => {
  it('after a full sync, no student e-mail or name and no coupon code is in any file of the data folder, the WAL included', async () => {
    const h = await perTest.start({ students: 150 });
    const opened = await h.open();
    await opened.until(allSynced);
    const mirror = opened.sync.copy;
    const secrets = [
      ...mirror.list('students', { offset: 0, limit: 500 }).rows.flatMap((row) => {
        const { email, name } = row as { email: string; name: string };
        return [email, name];
      }),
      ...mirror
        .list('coupons', { offset: 0, limit: 500 })
        .rows.map((row) => (row as { code: string }).code),
    ];
    expect(secrets.length).toBeGreaterThan(300);
    const noSecretIn = (files: { path: string; bytes: Buffer }[]) => {
      for (const file of files) {
        const text = file.bytes.toString('latin1');
        const found = secrets.filter((secret) => text.includes(secret));
        expect(found, file.path).toEqual([]);
      }
    };
    // While the database is open, its latest pages live in the WAL: encrypted as well.
    const open = filesBelow(h.dataDir);
    expect(open.some((file) => file.path.endsWith('.sqlite-wal') && file.bytes.length > 0)).toBe(
      true,
    );
    noSecretIn(open);
    // Closed (the WAL checkpointed into the database).
    await opened.close();
    const closed = filesBelow(h.dataDir);
    expect(closed.some((file) => file.path.endsWith('.sqlite') && file.bytes.length > 0)).toBe(
      true,
    );
    noSecretIn(closed);
  });
});
