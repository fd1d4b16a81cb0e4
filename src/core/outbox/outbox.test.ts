import { describe, expect, it } from 'vitest';
import { useDatabaseHarness } from '../../../e2e/support/harness/use-harness';
import { OutboxTable } from './outbox-table';
import { Outbox } from './outbox';

const h = useDatabaseHarness();

/** The outbox's table in the test school's encrypted database, as the app keeps it. */
async function table() {
  const db = await h.open();
  return { db, store: new OutboxTable(db, 'owner') };
}

describe('Outbox', () => {
  it("merges a record's unsent edits so the last value wins, and keeps them apart once one is out", async () => {
    const { store } = await table();
    const outbox = await Outbox.open({ store: store });
    const base = { id: 'c1', name: 'Old', slug: 'old' };
    const first = await outbox.add(
      { kind: 'update', entity: 'courses', id: 'c1', fields: { name: 'A' }, etag: '"v1"' },
      base,
    );
    await outbox.add({
      kind: 'update',
      entity: 'courses',
      id: 'c1',
      fields: { name: 'B', slug: 'b' },
      etag: '"v2"',
    });
    expect(outbox.entries()).toHaveLength(1);
    expect(outbox.entries()[0]).toMatchObject({
      id: first.entry?.id,
      idempotencyKey: first.entry?.idempotencyKey,
      base,
      edit: { fields: { name: 'B', slug: 'b' }, etag: '"v1"' },
    });
    expect(outbox.fold('courses', 'c1', base)).toEqual({ id: 'c1', name: 'B', slug: 'b' });

    // Once a request is out, a new edit waits behind it instead of changing what was sent.
    await outbox.put({ ...outbox.entries()[0]!, state: 'sending' });
    await outbox.add({ kind: 'update', entity: 'courses', id: 'c1', fields: { name: 'C' } });
    expect(outbox.entries().map((e) => e.edit)).toMatchObject([
      { fields: { name: 'B' } },
      { fields: { name: 'C' } },
    ]);
    // A delete after an update names the version the update saw.
    await outbox.add({ kind: 'delete', entity: 'courses', id: 'c1', etag: '"v9"' });
    expect(outbox.entries().at(-1)?.edit).toEqual({
      kind: 'delete',
      entity: 'courses',
      id: 'c1',
    });
    expect(outbox.fold('courses', 'c1', base)).toBeUndefined();
  });

  it('a merge is what replay sees at once, even while its store write is under way', async () => {
    const { store } = await table();
    let release: (() => void) | undefined;
    // The real table, one write of which can be held, as a slow fsync would hold it.
    const held = {
      open: () => store.open(),
      wipe: () => store.wipe(),
      append: async (records: Parameters<OutboxTable['append']>[0]) => {
        if (release === undefined) await new Promise<void>((r) => (release = r));
        await store.append(records);
      },
    };
    release = () => {};
    const outbox = await Outbox.open({ store: held });
    const id = crypto.randomUUID();
    const { entry: created } = await outbox.add({
      kind: 'create',
      entity: 'coupons',
      id,
      fields: { name: 'Spring', code: 'SPRING', amount: 5 },
    });
    release = undefined;
    const adding = outbox.add({ kind: 'update', entity: 'coupons', id, fields: { amount: 7 } });
    // Replay takes the entry while the store write of the merge is held: it sends 7.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(outbox.markSending(created!.id)).toBe(true);
    const sending = outbox.entries().find((entry) => entry.id === created!.id)!;
    expect(sending).toMatchObject({ state: 'sending', edit: { fields: { amount: 7 } } });
    release!();
    await adding;
    // The write finishing does not undo the sending (nor bring back 5).
    expect(outbox.entries()).toEqual([sending]);
  });

  it('a record created and deleted here leaves nothing to send; later edits of a create follow its school id', async () => {
    const { store } = await table();
    const outbox = await Outbox.open({ store: store });
    const gone = 'local-1';
    await outbox.add({ kind: 'create', entity: 'coupons', id: gone, fields: { name: 'X' } });
    await outbox.add({ kind: 'delete', entity: 'coupons', id: gone });
    expect(outbox.size).toBe(0);

    const made = 'local-2';
    const create = await outbox.add({
      kind: 'create',
      entity: 'coupons',
      id: made,
      fields: { name: 'Y', code: 'Y1' },
    });
    await outbox.add({ kind: 'update', entity: 'coupons', id: made, fields: { code: 'Y2' } });
    expect(outbox.entries()).toHaveLength(1);
    expect(outbox.entries()[0]?.edit).toMatchObject({ kind: 'create', fields: { code: 'Y2' } });
    await outbox.put({ ...outbox.entries()[0]!, state: 'sending' });
    await outbox.add({ kind: 'update', entity: 'coupons', id: made, fields: { name: 'Z' } });
    await outbox.created(create.entry!.id, made, 'school-id-7');
    expect(outbox.entries().map((e) => e.edit)).toEqual([
      { kind: 'update', entity: 'coupons', id: 'school-id-7', fields: { name: 'Z' } },
    ]);
  });

  it('opens after a restart exactly as it was, with a request that was out waiting again', async () => {
    const { db, store } = await table();
    const outbox = await Outbox.open({ store: store });
    await outbox.add({ kind: 'update', entity: 'pages', id: 'p1', fields: { title: 'T' } });
    await outbox.add({ kind: 'update', entity: 'pages', id: 'p2', fields: { title: 'U' } });
    await outbox.put({ ...outbox.entries()[1]!, state: 'sending', attempts: 1 });
    db.close();

    const reopened = await Outbox.open({ store: (await table()).store });
    expect(reopened.entries()).toEqual(
      outbox.entries().map((entry) => ({ ...entry, state: 'waiting' })),
    );
    // New entries still come after the old ones.
    await reopened.add({ kind: 'update', entity: 'pages', id: 'p3', fields: { title: 'V' } });
    expect(reopened.entries().map((e) => e.edit.id)).toEqual(['p1', 'p2', 'p3']);
  });

  it('an edit of a record the school refused for its values is the fix: it merges and waits again', async () => {
    const { store } = await table();
    const outbox = await Outbox.open({ store: store });
    await outbox.add({
      kind: 'update',
      entity: 'coupons',
      id: 'k1',
      fields: { code: 'bad code', name: 'K' },
    });
    const [refused] = outbox.entries();
    await outbox.put({
      ...refused!,
      state: 'needs_you',
      problem: { code: 'invalid', fields: { code: 'Code may hold letters and digits only' } },
    });
    await outbox.add({ kind: 'update', entity: 'coupons', id: 'k1', fields: { code: 'GOOD1' } });
    expect(outbox.entries()).toHaveLength(1);
    expect(outbox.entries()[0]).toMatchObject({
      id: refused!.id,
      state: 'waiting',
      edit: { fields: { code: 'GOOD1', name: 'K' } },
    });
    expect(outbox.entries()[0]?.problem).toBeUndefined();
  });
});
