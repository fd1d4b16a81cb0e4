import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startClientHarness,
  type ClientHarness,
} from '../../../e2e/support/harness/client-harness';
import { silentLog } from '../auth/secret-mask';
import { databaseHarness } from '../../../e2e/support/harness/database-harness';
import { OutboxTable } from './outbox-table';
import { Outbox } from './outbox';
import type { Fields } from './outbox-entry';
import { OutboxReplay } from './outbox-replay';

/**
 * The outbox's fault suite (issue #13): 1,000 edits made offline across 200 records (150
 * students the school has, 50 coupons made here), replayed against the stand-in over real
 * HTTP while it fails 20% of the writes: 500, 503, 429, and connections dropped after the
 * write was applied (a lost answer). Afterwards the school must hold exactly the final
 * values: none lost, none applied twice.
 */

const EDITS = 1_000;
const STUDENTS = 150;
const COUPONS = 50;

let harness: ClientHarness;
let databases: ReturnType<typeof databaseHarness>;
beforeAll(async () => {
  harness = await startClientHarness({ students: 200 });
  databases = databaseHarness();
});
afterAll(async () => {
  await harness?.close();
  databases?.close();
});

describe('outbox replay under faults', () => {
  it('replays 1,000 edits of 200 records with 20% faults: the final values, 0 lost, 0 twice', async () => {
    // The client retries nothing itself: every fault reaches the outbox, which must sort it.
    const client = harness.client({ retry: { maxRetries: 0, sleep: () => Promise.resolve() } });
    const outbox = await Outbox.open({ store: new OutboxTable(await databases.open(), 'owner') });
    const students = (await client.list('students', { limit: STUDENTS, sort: 'createdAt' })).rows;
    const expected = new Map<string, Fields>();
    const bases = new Map<string, { record: Fields; etag: string | undefined }>();
    for (const student of students) {
      const { record, etag } = await client.get('students', student.id);
      bases.set(student.id, { record, etag });
    }

    // The edits, in the order an owner on a train might make them.
    const coupons = Array.from({ length: COUPONS }, () => randomUUID());
    const couponIds = new Set<string>(coupons);
    for (const [n, id] of coupons.entries()) {
      const fields = { name: `Train coupon ${n}`, code: `TRAIN${n}`, amount: 10 + n };
      await outbox.add({ kind: 'create', entity: 'coupons', id, fields });
      expected.set(id, fields);
    }
    let made = COUPONS;
    for (let edit = 0; made < EDITS; edit += 1) {
      const useCoupon = edit % 7 === 0;
      if (useCoupon) {
        const id = coupons[edit % COUPONS]!;
        const fields = { amount: 100 + edit };
        await outbox.add({ kind: 'update', entity: 'coupons', id, fields });
        expected.set(id, { ...expected.get(id), ...fields });
      } else {
        const student = students[edit % STUDENTS]!;
        const base = bases.get(student.id)!;
        const fields =
          edit % 2 === 0
            ? { name: `Renamed ${edit}` }
            : { phoneNumber: `+1555${String(edit).padStart(7, '0')}` };
        await outbox.add(
          { kind: 'update', entity: 'students', id: student.id, fields, etag: base.etag ?? '' },
          base.record,
        );
        expected.set(student.id, { ...expected.get(student.id), ...fields });
      }
      made += 1;
    }
    expect(outbox.size).toBeLessThanOrEqual(200);
    const updates = outbox.entries().filter((e) => e.edit.kind === 'update').length;

    await harness.control('/faults', {
      rate: 0.2,
      kinds: ['500', '503', 'drop-after', '429'],
      methods: ['POST', 'PATCH', 'DELETE'],
    });
    const schoolIds = new Map<string, string>();
    const replay = new OutboxReplay({
      outbox,
      client,
      onApplied: (_entity, record, _etag, was) => {
        if (was) schoolIds.set(was, String(record['id']));
      },
      onGone: () => undefined,
      log: silentLog,
      backoffMs: 5,
      maxBackoffMs: 50,
    });
    const settled = new Promise<void>((resolve) => {
      const check = () => {
        if (outbox.size === 0 || outbox.entries().every((e) => e.state === 'needs_you')) resolve();
      };
      outbox.onChange(check);
      check();
    });
    await replay.run();
    await settled;
    await replay.close();
    const faults = await harness.control<{ fault: unknown }>('/faults', { off: true });
    expect(faults.fault).toBeNull();

    // What the school holds now.
    const parked = outbox.entries().filter((e) => e.state === 'needs_you');
    let lost = parked.length;
    let duplicated = 0;
    for (const [id, fields] of expected) {
      const schoolId = schoolIds.get(id) ?? id;
      const { record } = await client.get(couponIds.has(id) ? 'coupons' : 'students', schoolId);
      for (const [name, value] of Object.entries(fields))
        if (record[name as keyof typeof record] !== value) lost += 1;
    }
    const couponsNow = await client.list('coupons', { q: 'Train coupon', limit: 100 });
    const names = couponsNow.rows.map((coupon) => coupon.name);
    duplicated += names.length - new Set(names).size;
    // Writes the school applied, from its counters: a dropped-after answer was applied; a
    // replayed answer (the same Idempotency-Key again) was not applied a second time.
    const posts = await harness.route('POST /api/v1/coupons');
    const patches = await harness.route('PATCH /api/v1/:entity/:id').catch(() => undefined);
    const applied = (route: { byStatus: Record<string, number>; replayed?: number }) =>
      Object.entries(route.byStatus)
        .filter(([status]) => /^2\d\d$/.test(status) || status === 'dropped-after')
        .reduce((sum, [, count]) => sum + count, 0) - (route.replayed ?? 0);
    const patchRoute = patches?.total ? patches : await harness.route('PATCH /api/v1/students/:id');
    duplicated += applied(posts) - COUPONS + Math.max(0, applied(patchRoute) - updates);
    console.log(
      `outbox fault suite: ${EDITS} edits of ${expected.size} records, coalesced into ${COUPONS} creates and ${updates} updates;\n` +
        `  coupon POSTs answered ${JSON.stringify(posts)}; student PATCHes ${JSON.stringify(patchRoute)};\n` +
        `  lost ${lost}, duplicated ${duplicated}, parked ${parked.length}`,
    );
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(names).toHaveLength(COUPONS);
    expect(applied(patchRoute)).toBe(updates);
  }, 120_000);
});
