/**
 * Test helper, not app code: the core process that outbox-replay.crash.test.ts kills with
 * SIGKILL in the middle of a replay. It runs the app's own outbox (Outbox on an OutboxJournal
 * with the AES-GCM FileKeyEncryptor) and OutboxReplay on a PlatformClient, over the transport
 * the app uses for API calls (oauth4webapi with http-policy's deadlines), on a token minted
 * by the stand-in and passed in OUTBOX_CHILD_TOKEN (never on the command line).
 *
 * Both modes work on `<dataDir>` (the key file is `<dataDir>/outbox.key`) and the school `<key>`:
 * - `queue <dataDir> <key> <apiBaseUrl> <edits> <students> <coupons>`: makes the edits an
 *   owner on a train might make (see queueEdits) while the school is not asked to take any,
 *   prints `expected <json>` (each record's final values, by `<entity>/<id as queued>`) and
 *   `queued <entries>`, and exits 0.
 * - `replay <dataDir> <key> <apiBaseUrl>`: opens the outbox as its table was left and
 *   replays it. Prints `open <entries>`, `request <client method>` just before each request
 *   goes out, `gone <entryId>` once an entry's removal is on disk, and `done <entries>
 *   <parked>` when nothing is left that can be sent (then exits 0).
 *
 * Usage: node --import tsx e2e/support/outbox-replay-child.ts <mode> <dataDir> <key> <apiBaseUrl> [...]
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import * as oauth from 'oauth4webapi';
import type { LogSink } from '../../src/core/adapters';
import { API_LIMITS, requestOptions } from '../../src/core/auth/http-policy';
import { PlatformClient } from '../../src/core/platform/platform-client';
import type { ApiTransport } from '../../src/core/platform/retry';
import { FileKeyEncryptor } from '../../src/core/store/file-key-encryptor';
import { OutboxTable } from '../../src/core/outbox/outbox-table';
import { SchoolDatabases } from '../../src/core/store/school-database';
import { Outbox } from '../../src/core/outbox/outbox';
import type { Fields } from '../../src/core/outbox/outbox-entry';
import type { ReplayClient } from '../../src/core/outbox/entry-sender';
import { OutboxReplay } from '../../src/core/outbox/outbox-replay';

/** However the parent ends, this process must not outlive it for long. */
const LIFETIME_MS = 60_000;

const [mode, dataDir, key, apiBaseUrl, ...sizes] = process.argv.slice(2);
const token = process.env['OUTBOX_CHILD_TOKEN'];
if ((mode !== 'queue' && mode !== 'replay') || !dataDir || !key || !apiBaseUrl || !token) {
  process.stderr.write(
    'usage: OUTBOX_CHILD_TOKEN=... outbox-replay-child queue|replay <dataDir> <key> <apiBaseUrl> [<edits> <students> <coupons>]\n',
  );
  process.exit(2);
}

// The parent holds our stdin open; when it dies, the pipe closes and we go too.
process.stdin.on('close', () => process.exit(3));
process.stdin.resume();
setTimeout(() => process.exit(4), LIFETIME_MS).unref();

// Pipes are written synchronously on POSIX: a printed line is out before the next step.
const say = (line: string) => process.stdout.write(`${line}\n`);
const log: LogSink = {
  info: (m) => process.stderr.write(`info: ${m}\n`),
  warn: (m) => process.stderr.write(`warn: ${m}\n`),
  error: (m) => process.stderr.write(`error: ${m}\n`),
};
// The request AuthService.request makes (as offline-bench's appTransport), on a fixed token.
const transport: ApiTransport = (url, init) =>
  oauth.protectedResourceRequest(
    token,
    init.method,
    url,
    init.headers,
    init.body,
    requestOptions(fetch, url, init.signal, API_LIMITS),
  );
// The client retries nothing itself: every fault reaches the outbox, which must sort it.
const client = new PlatformClient({ apiBaseUrl, transport, retry: { maxRetries: 0 } });
const databases = new SchoolDatabases(
  dataDir,
  new FileKeyEncryptor(join(dataDir, 'outbox.key')),
  () => true,
  log,
);
const { db } = await databases.open(key);
const outbox = await Outbox.open({ store: new OutboxTable(db, 'owner') });

if (mode === 'queue') {
  const [edits, students, coupons] = sizes.map(Number) as [number, number, number];
  const expected = await queueEdits(edits, students, coupons);
  db.close();
  say(`expected ${JSON.stringify([...expected])}`);
  say(`queued ${outbox.size}`);
  process.exit(0);
}

/**
 * The edits, in the order an owner on a train might make them, as the app adds them
 * (outbox-writes.ts): `coupons` coupons created, then the rest of `edits` spread over them
 * and the school's first `students` students (by createdAt), an update of a student made on
 * the version its screen showed (the ETag only while no edit of it is unsent). Halfway, a
 * request is out for every fourth student and coupon (their last entry is put in the
 * `sending` state, which an edit does not merge into), so the owner's later edits of them
 * become second entries, as when the owner edits while replay sends. Answers each record's
 * final values.
 */
async function queueEdits(edits: number, students: number, coupons: number) {
  const rows = (await client.list('students', { limit: students, sort: 'createdAt' })).rows;
  if (rows.length !== students) throw new Error(`the school has ${rows.length} students`);
  const expected = new Map<string, Fields>();
  const couponIds = Array.from({ length: coupons }, () => randomUUID());
  for (const [n, id] of couponIds.entries()) {
    const fields = { name: `Crash coupon ${n}`, code: `CRASH${n}`, amount: 10 + n };
    await outbox.add({ kind: 'create', entity: 'coupons', id, fields });
    expected.set(`coupons/${id}`, fields);
  }
  let studentEdits = 0;
  let couponEdits = 0;
  let halfway = false;
  for (let made = coupons; made < edits; made += 1) {
    if (!halfway && studentEdits === 2 * students) {
      halfway = true;
      const out = [
        ...rows.filter((_, n) => n % 4 === 0).map((row) => outbox.pendingFor('students', row.id)),
        ...couponIds.filter((_, n) => n % 4 === 0).map((id) => outbox.pendingFor('coupons', id)),
      ];
      for (const entry of out.map((entries) => entries.at(-1)!))
        await outbox.put({ ...entry, state: 'sending', attempts: entry.attempts + 1 });
    }
    let recordKey: string;
    let fields: Fields;
    if (made % 5 === 0) {
      const id = couponIds[couponEdits++ % coupons]!;
      recordKey = `coupons/${id}`;
      fields = { amount: 100 + made };
      await outbox.add({ kind: 'update', entity: 'coupons', id, fields });
    } else {
      const { id } = rows[studentEdits % students]!;
      const round = Math.floor(studentEdits / students);
      studentEdits += 1;
      recordKey = `students/${id}`;
      fields =
        round % 2 === 0
          ? { name: `Renamed ${made}` }
          : { phoneNumber: `+1555${String(made).padStart(7, '0')}` };
      const school = await client.get('students', id);
      const fresh = outbox.pendingFor('students', id).length === 0;
      const etag = fresh ? school.etag : undefined;
      await outbox.add(
        { kind: 'update', entity: 'students', id, fields, ...(etag ? { etag } : {}) },
        school.record,
      );
    }
    expected.set(recordKey, { ...expected.get(recordKey), ...fields });
  }
  return expected;
}

// Each request says so just before it goes out, so the parent can kill us at a moment of its
// choosing relative to them.
const announced = new Proxy(client, {
  get(target, name, receiver) {
    const value: unknown = Reflect.get(target, name, receiver);
    if (typeof value !== 'function') return value;
    return (...args: unknown[]) => {
      say(`request ${String(name)}`);
      return (value as (...a: unknown[]) => unknown).apply(target, args);
    };
  },
}) satisfies ReplayClient;

say(`open ${outbox.size}`);
let ids = new Set(outbox.entries().map((entry) => entry.id));
let finished = false;
const settled = new Promise<void>((resolve) => {
  const check = () => {
    const now = new Set(outbox.entries().map((entry) => entry.id));
    for (const id of ids) if (!now.has(id)) say(`gone ${id}`);
    ids = now;
    if (!finished && outbox.entries().every((entry) => entry.state === 'needs_you')) {
      finished = true;
      resolve();
    }
  };
  outbox.onChange(check);
  check();
});
const replay = new OutboxReplay({
  outbox,
  client: announced,
  onApplied: () => undefined,
  onGone: () => undefined,
  log,
  concurrency: 2,
  backoffMs: 5,
  maxBackoffMs: 50,
});
void replay.run();
await settled;
await replay.close();
db.close();
say(`done ${outbox.size} ${outbox.entries().filter((e) => e.state === 'needs_you').length}`);
process.exit(0);
