import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OWNER_ID } from '../../../e2e/support/harness/client-harness';
import { spawnPlatform, type PlatformProcess } from '../../../e2e/support/platform-process';
import { PlatformClient } from '../platform/platform-client';
import { FileKeyEncryptor } from '../store/file-key-encryptor';
import { OutboxTable } from './outbox-table';
import { SchoolDatabases } from '../store/school-database';
import { Outbox } from './outbox';
import type { Fields, OutboxEntry } from './outbox-entry';

/**
 * The outbox's crash suite (issue #13): `kill -9` of the core process at random moments of a
 * replay, 20 times, each time restarted on the same journal. 300 edits of 80 records (60
 * students the school has, 20 coupons made here) are queued before replay starts; for a few
 * records a request was out when the owner edited again, so they hold two entries. The core
 * runs in a child process (e2e/support/outbox-replay-child.ts, through tsx's loader, so the
 * pid we kill is the one replaying), against the stand-in in a process of its own, which
 * fails 10% of the writes besides. After every kill the journal must open intact; at the end
 * the school must hold exactly the final values, every coupon once, and the same state as a
 * replay of the same journal that was never killed, on a fresh stand-in.
 */
const CHILD = 'e2e/support/outbox-replay-child.ts';
const KILLS = 20;
const EDITS = 300;
const STUDENTS = 60;
const COUPONS = 20;
const KEY = 'https://school.example https://school.example/api';
const SCOPES = ['students:read', 'students:write', 'coupons:read', 'coupons:write'];
const PLATFORM_ARGS = ['--control', '--students', '80', '--rate-limit', 'off'];
const FAULTS = {
  rate: 0.1,
  kinds: ['500', 'drop-after', '503', '429'],
  methods: ['POST', 'PATCH'],
};

/** What a journal entry must look like to be sent (the fields replay and the panel read). */
const fields = z.record(z.string(), z.json());
const entrySchema = z.object({
  id: z.uuid(),
  seq: z.int().min(1),
  edit: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('create'),
      entity: z.literal('coupons'),
      id: z.uuid(),
      fields,
    }),
    z.strictObject({
      kind: z.literal('update'),
      entity: z.enum(['students', 'coupons']),
      id: z.uuid(),
      fields,
      etag: z.string().optional(),
    }),
  ]),
  idempotencyKey: z.uuid(),
  base: fields.optional(),
  state: z.enum(['waiting', 'sending', 'needs_you']),
  problem: z.object({ code: z.string() }).optional(),
  attempts: z.int().min(0),
  savedAt: z.number(),
});

let root: string;
const platforms: PlatformProcess[] = [];
const children = new Set<ChildProcess>();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'schooldesk-replay-crash-'));
  // The crashed run's school and the no-crash run's: the same seed, so the same records.
  const started = await Promise.allSettled([
    spawnPlatform(PLATFORM_ARGS),
    spawnPlatform(PLATFORM_ARGS),
  ]);
  for (const result of started) if (result.status === 'fulfilled') platforms.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}, 60_000);

afterAll(async () => {
  // No process of ours may outlive the test, whatever failed: each is stopped by its pid.
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(platforms.map((platform) => platform.stop()));
  rmSync(root, { recursive: true, force: true });
});

type School = { url: string; token: string; client: PlatformClient };

/**
 * A token of the owner with SCOPES, minted by the stand-in's control API (as offline-bench's
 * mintToken; that module pulls in browser code), and a client on a plain bearer transport.
 */
async function school(platform: PlatformProcess): Promise<School> {
  const response = await fetch(`${platform.url}/__control/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId: OWNER_ID, scopes: SCOPES }),
  });
  if (!response.ok) throw new Error(`minting a token answered ${response.status}`);
  const { accessToken: token } = (await response.json()) as { accessToken: string };
  const client = new PlatformClient({
    apiBaseUrl: `${platform.url}/api/v1`,
    transport: (url, { priority: _priority, ...init }) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token}`);
      return fetch(url, { ...init, headers });
    },
  });
  return { url: platform.url, token, client };
}

const api = (school: School) => `${school.url}/api/v1`;

async function control(school: School, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${school.url}/__control${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${path}: ${response.status}`);
  return response.json();
}

describe('outbox replay under kill -9', () => {
  it(`replays ${EDITS} edits of ${STUDENTS + COUPONS} records through ${KILLS} kills: the no-crash state, 0 lost, 0 twice`, async () => {
    const [crashed, calm] = (await Promise.all(platforms.map(school))) as [School, School];
    // The owner's edits (see queueEdits in the child), queued by one process that then exits;
    // the no-crash run gets a copy of its journal.
    const crashDir = join(root, 'crashed');
    const calmDir = join(root, 'calm');
    const sizes = [EDITS, STUDENTS, COUPONS].map(String);
    const queued = await runToEnd(['queue', crashDir, KEY, api(crashed), ...sizes], crashed.token);
    expect(queued.at(-1)).toMatch(/^queued \d+$/);
    const expectedLine = queued.find((line) => line.startsWith('expected '))!.slice(9);
    const expected = new Map(JSON.parse(expectedLine) as [string, Fields][]);
    cpSync(crashDir, calmDir, { recursive: true });
    const original = new Map((await readJournal(crashDir)).entries.map((e) => [e.id, e]));
    const updates = (entity: string) =>
      [...original.values()].filter((e) => e.edit.kind === 'update' && e.edit.entity === entity)
        .length;
    const queuedFirsts = new Set(
      firstOfEachRecord([...original.values()], original).map((e) => e.id),
    );
    expect(original.size).toBe(Number(queued.at(-1)!.split(' ')[1]));

    await Promise.all([control(crashed, '/faults', FAULTS), control(calm, '/faults', FAULTS)]);
    const calmRun = runToEnd(['replay', calmDir, KEY, api(calm)], calm.token);
    const tally = { requestsOut: 0, tornTails: 0, sent: 0 };
    for (let run = 0; run < KILLS; run += 1) {
      const { gone, requestOut } = await replayUntilKilled(crashDir, crashed);
      const { entries, warnings } = await readJournal(crashDir);
      // Only a crash's torn tail may be reported; a set-aside file would mean lost entries.
      expect(
        warnings.filter((w) => !w.includes('unfinished append')),
        `run ${run}`,
      ).toEqual([]);
      tally.tornTails += warnings.length;
      if (requestOut) tally.requestsOut += 1;
      tally.sent += gone.length;
      expect(entries.length, `run ${run}: the outbox emptied before the kill`).toBeGreaterThan(0);
      for (const entry of entries) {
        expect(() => entrySchema.parse(entry), `run ${run}: a malformed entry`).not.toThrow();
        // Nothing appears from nowhere; the key minted at the edit is the one still kept.
        const first = original.get(entry.id);
        expect(first, `run ${run}: an entry not queued`).toBeDefined();
        expect(entry.idempotencyKey, `run ${run}`).toBe(first!.idempotencyKey);
        expect(entry.edit, `run ${run}`).toMatchObject({
          fields: (first!.edit as { fields: Fields }).fields,
        });
      }
      // Once a record's earlier entry landed, its next one is an edit of the version that made
      // (its ETag, the school's id): a kill in between must not leave it on the old one, where
      // it would meet its own earlier edit as a conflict.
      const stale = firstOfEachRecord(entries, original).filter((entry) => {
        if (queuedFirsts.has(entry.id)) return false;
        const queuedId = original.get(entry.id)!.edit.id;
        return (
          entry.edit.kind !== 'update' ||
          entry.edit.etag === undefined ||
          (entry.edit.entity === 'coupons' && entry.edit.id === queuedId)
        );
      });
      expect(stale, `run ${run}: an earlier edit landed, the next kept the old version`).toEqual(
        [],
      );
      // An entry the child saw leave (its removal acknowledged by the journal) stays gone.
      const left = new Set(entries.map((e) => e.id));
      expect(
        gone.filter((id) => left.has(id)),
        `run ${run}: sent entries came back`,
      ).toEqual([]);
      expect(
        entries.filter((e) => e.state === 'needs_you'),
        `run ${run}: parked`,
      ).toEqual([]);
    }
    const last = await runToEnd(['replay', crashDir, KEY, api(crashed)], crashed.token);
    const parked = (await readJournal(crashDir)).entries;
    expect(last.at(-1), JSON.stringify(parked, null, 1)).toBe('done 0 0');
    expect((await calmRun).at(-1)).toBe('done 0 0');
    await Promise.all([
      control(crashed, '/faults', { off: true }),
      control(calm, '/faults', { off: true }),
    ]);

    // What the school holds: exactly the final values, every coupon once.
    const { client } = crashed;
    let lost = 0;
    let duplicated = 0;
    const coupons = (await client.list('coupons', { q: 'Crash coupon', limit: 100 })).rows;
    const names = coupons.map((coupon) => coupon.name);
    duplicated += names.length - new Set(names).size;
    for (const [recordKey, values] of expected) {
      const [entity, id] = recordKey.split('/') as ['students' | 'coupons', string];
      const record: Fields | undefined =
        entity === 'students'
          ? (await client.get('students', id)).record
          : coupons.find((coupon) => coupon.name === values['name']);
      for (const [name, value] of Object.entries(values)) if (record?.[name] !== value) lost += 1;
    }
    // Writes the school applied, from its counters (as in the fault suite): a dropped-after
    // answer was applied; an Idempotency-Key replay was not applied a second time. A PATCH
    // re-sent after a kill carries the ETag its edit saw, so a repeat is a 412, not a write.
    const counters = (await control(crashed, '/counters', undefined)) as CounterSnapshot;
    const route = (key: string) => counters.byRoute[key] ?? { total: 0, byStatus: {} };
    const posts = route('POST /api/v1/coupons');
    const studentPatches = route('PATCH /api/v1/students/:id');
    const couponPatches = route('PATCH /api/v1/coupons/:id');
    duplicated +=
      applied(posts) -
      COUPONS +
      Math.max(0, applied(studentPatches) - updates('students')) +
      Math.max(0, applied(couponPatches) - updates('coupons'));

    // The same state as the replay that was never killed.
    const [crashState, calmState] = await Promise.all([crashed, calm].map(stateOf));
    console.log(
      `outbox crash suite: ${EDITS} edits of ${expected.size} records queued as ${original.size} entries ` +
        `(${COUPONS} creates, ${updates('students') + updates('coupons')} updates); ${KILLS} kills ` +
        `(${tally.requestsOut} with a request out, ${tally.tornTails} torn tail(s) cut), ` +
        `${tally.sent} entries sent before a kill, the rest by a last run;\n` +
        `  coupon POSTs answered ${JSON.stringify(posts)}; student PATCHes ${JSON.stringify(studentPatches)}; ` +
        `coupon PATCHes ${JSON.stringify(couponPatches)};\n` +
        `  lost ${lost}, duplicated ${duplicated}; same final state as the no-crash run: ` +
        `${JSON.stringify(crashState) === JSON.stringify(calmState)}`,
    );
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(names).toHaveLength(COUPONS);
    expect(applied(studentPatches)).toBe(updates('students'));
    expect(applied(couponPatches)).toBe(updates('coupons'));
    expect(crashState).toEqual(calmState);
  }, 90_000);
});

type RouteCounts = { total: number; byStatus: Record<string, number>; replayed?: number };
type CounterSnapshot = { byRoute: Record<string, RouteCounts> };

/** Writes a route's counts say the school applied: 2xx and lost answers, less key replays. */
function applied(route: RouteCounts): number {
  return (
    Object.entries(route.byStatus)
      .filter(([status]) => /^2\d\d$/.test(status) || status === 'dropped-after')
      .reduce((sum, [, count]) => sum + count, 0) - (route.replayed ?? 0)
  );
}

/** The oldest of `entries` of each record, the record named as it was queued. */
function firstOfEachRecord(
  entries: OutboxEntry[],
  original: ReadonlyMap<string, OutboxEntry>,
): OutboxEntry[] {
  const firsts = new Map<string, OutboxEntry>();
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    const { entity, id } = original.get(entry.id)!.edit;
    if (!firsts.has(`${entity}/${id}`)) firsts.set(`${entity}/${id}`, entry);
  }
  return [...firsts.values()];
}

/** Opens the outbox as the app does after a restart; throws if it does not open. */
async function readJournal(
  dataDir: string,
): Promise<{ entries: OutboxEntry[]; warnings: string[] }> {
  const warnings: string[] = [];
  const log = { info: () => {}, warn: (m: string) => warnings.push(m), error: () => {} };
  const databases = new SchoolDatabases(
    dataDir,
    new FileKeyEncryptor(join(dataDir, 'outbox.key')),
    () => true,
    log,
  );
  const { db, setAside } = await databases.open(KEY);
  expect(setAside).toBeUndefined();
  const store = new OutboxTable(db, 'owner');
  // The raw entries (a 'sending' one shows a kill with a request out), then the outbox on them.
  const raw = [...(await store.open()).values()] as OutboxEntry[];
  const outbox = await Outbox.open({ store });
  expect(new Set(outbox.entries().map((e) => e.id))).toEqual(new Set(raw.map((e) => e.id)));
  expect(outbox.entries().filter((e) => e.state === 'sending')).toEqual([]);
  db.close();
  return { entries: raw, warnings };
}

function startChild(args: string[], token?: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...(token ? { OUTBOX_CHILD_TOKEN: token } : {}) },
  });
  children.add(child);
  const errors: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const ended = once(lines, 'close');
  return { child, errors, exited, lines, ended };
}

/** Runs a child to its end; answers what it printed, or throws with its errors. */
async function runToEnd(args: string[], token?: string): Promise<string[]> {
  const { child, errors, exited, lines, ended } = startChild(args, token);
  const printed: string[] = [];
  lines.on('line', (line) => printed.push(line));
  await Promise.all([exited, ended]);
  children.delete(child);
  if (child.exitCode !== 0)
    throw new Error(
      `child ${args[0]} exited with ${child.exitCode ?? child.signalCode}:\n${errors.join('')}`,
    );
  return printed;
}

/**
 * Starts a replay and kills it at a random moment: after a random number (0 to 3) of its
 * requests went out, then a random 0-40 ms more, so that kills land before, during and after
 * requests and in the journal's appends. Answers the entries the child saw leave, and whether
 * a request had gone out since the last of them.
 */
async function replayUntilKilled(
  dataDir: string,
  school: School,
): Promise<{ gone: string[]; requestOut: boolean }> {
  const { child, errors, exited, lines, ended } = startChild(
    ['replay', dataDir, KEY, api(school)],
    school.token,
  );
  const target = Math.floor(Math.random() * 4);
  const gone: string[] = [];
  let requests = 0;
  // A request went out after the last removal reached the journal: the kill found it unsettled.
  let requestOut = false;
  const reached = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      const [word, value] = line.split(' ');
      if (word === 'gone') gone.push(value!);
      if (word === 'gone') requestOut = false;
      if (word === 'request') requests += 1;
      if (word === 'request') requestOut = true;
      if ((word === 'open' && target === 0) || (word === 'request' && requests === target))
        resolve();
    });
    void exited.then(() =>
      reject(new Error(`the child exited before it was killed:\n${errors.join('')}`)),
    );
  });
  await reached;
  // A random moment is the point of this test, not a wait for something to happen.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
  child.kill('SIGKILL');
  // Every line the child wrote before it died counts, so read to the end.
  await Promise.all([exited, ended]);
  children.delete(child);
  expect(child.signalCode, errors.join('')).toBe('SIGKILL');
  return { gone, requestOut };
}

/** The school's students and coupons, as comparable values (ids of coupons made here vary). */
async function stateOf({ client }: School) {
  const students = (await client.list('students', { limit: 200, sort: 'createdAt' })).rows;
  const coupons = (await client.list('coupons', { limit: 200, sort: 'createdAt' })).rows;
  const versions = await Promise.all(
    students.slice(0, STUDENTS).map((s) => client.get('students', s.id)),
  );
  return {
    students: students.map(({ updatedAt: _updatedAt, ...rest }) => rest),
    // The ETag names the version: the same number of changes applied to each student.
    etags: versions.map((v) => v.etag),
    coupons: coupons
      .map(({ id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...rest }) => rest)
      .sort((a, b) => String(a.code).localeCompare(String(b.code))),
  };
}
