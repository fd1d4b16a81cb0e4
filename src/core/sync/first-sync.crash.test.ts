import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_ID } from '../../../e2e/support/harness/client-harness';
import { spawnPlatform, type PlatformProcess } from '../../../e2e/support/platform-process';
import { FileKeyEncryptor } from '../store/file-key-encryptor';
import { MirrorDatabase } from '../store/mirror-database';
import { SchoolDatabases } from '../store/school-database';
import { readAreaMeta } from './area-state';

/**
 * `kill -9` of a process in the middle of a first sync, 20 times: the app's own SchoolSync on
 * its encrypted database (e2e/support/first-sync-child.ts), against the stand-in, killed at a
 * random moment and started again on the same folder. After every kill the database opens
 * (nothing set aside), its rows are records of the school, and the next run resumes; at the
 * end the copy holds exactly the school's students. 6,000 students: a first sync of that
 * many stores them in batches (FIRST_SYNC_BATCH_ROWS, a whole one and the rest) in a helper
 * process, which a kill of the host leaves to end by itself, and builds its search index in
 * another at the end, so kills land in each.
 */
const CHILD = 'e2e/support/first-sync-child.ts';
const KILLS = 20;
const STUDENTS = 6000;
const KEY = 'https://school.example https://school.example/api';

let root: string;
let platform: PlatformProcess;
let token: string;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'schooldesk-first-sync-crash-'));
  platform = await spawnPlatform([
    '--control',
    '--students',
    String(STUDENTS),
    '--rate-limit',
    'off',
  ]);
  const response = await fetch(`${platform.url}/__control/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountId: OWNER_ID, scopes: ['students:read'] }),
  });
  token = ((await response.json()) as { accessToken: string }).accessToken;
}, 120_000);

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await platform?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Every student id on the school. */
async function serverIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(
      `${platform.url}/api/v1/students?page=${page}&perPage=50&sort=createdAt`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const body = (await response.json()) as { nodes: { id: string }[]; totalPages: number };
    ids.push(...body.nodes.map((node) => node.id));
    if (page >= body.totalPages) return ids.sort();
  }
}

/** Runs the child until it is killed after `killAfterMs`, or until it says the area synced. */
async function runChild(dataDir: string, killAfterMs: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, dataDir, KEY, `${platform.url}/api/v1`],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, FIRST_SYNC_CHILD_TOKEN: token },
    },
  );
  children.add(child);
  const errors: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const exited = once(child, 'exit');
  let synced = false;
  let started = false;
  let startedAt = 0;
  const lines = createInterface({ input: child.stdout });
  const ended = once(lines, 'close');
  const done = new Promise<void>((resolve) => {
    lines.on('line', (line) => {
      if (line.startsWith('synced')) {
        synced = true;
        resolve();
      }
      if (!started && line.startsWith('rows')) {
        started = true;
        startedAt = performance.now();
        // A random moment is the point of this test, not a wait for something to happen.
        setTimeout(resolve, killAfterMs);
      }
    });
  });
  await Promise.race([done, exited.then(() => undefined)]);
  const killed = !synced && child.exitCode === null;
  child.kill('SIGKILL');
  await Promise.all([exited, ended]);
  children.delete(child);
  expect(errors.join(''), 'the child wrote errors').not.toMatch(/error:/);
  return { killed, synced, ranMs: performance.now() - startedAt };
}

/** Opens the database as the app does; fails if it was set aside. */
async function opened(dataDir: string) {
  const warnings: string[] = [];
  const databases = new SchoolDatabases(
    dataDir,
    new FileKeyEncryptor(join(dataDir, 'data.key')),
    () => true,
    { info: () => undefined, warn: (m) => void warnings.push(m), error: () => undefined },
  );
  const school = await databases.open(KEY);
  expect(school.setAside, warnings.join('\n')).toBeUndefined();
  return school;
}

describe('a first sync under kill -9', () => {
  it(`keeps a database that opens and resumes, through ${KILLS} kills`, async () => {
    const server = new Set(await serverIds());
    expect(server.size).toBe(STUDENTS);
    // How long a whole first sync runs here, so that the kills land all through one.
    const calibration = await runChild(mkdtempSync(join(root, 'whole-')), 60_000);
    expect(calibration.synced).toBe(true);
    let kills = 0;
    let completed = 0;
    let dataDir = mkdtempSync(join(root, 'data-'));
    while (kills < KILLS) {
      const { killed, synced } = await runChild(dataDir, Math.random() * calibration.ranMs);
      const { db } = await opened(dataDir);
      const mirror = MirrorDatabase.open(db);
      const ids = mirror.ids('students');
      // Only the school's records, each once (the primary key would refuse a second).
      expect(ids.filter((id) => !server.has(id))).toEqual([]);
      const phase = readAreaMeta(mirror, 'students')?.phase;
      if (phase === 'synced') expect(ids.length).toBe(STUDENTS);
      db.close();
      if (killed) kills += 1;
      if (synced || phase === 'synced') {
        completed += 1;
        dataDir = mkdtempSync(join(root, 'data-'));
      }
    }
    // The last folder's sync, resumed to its end.
    const last = await runChild(dataDir, 60_000);
    expect(last.synced).toBe(true);
    const { db } = await opened(dataDir);
    const mirror = MirrorDatabase.open(db);
    expect(mirror.ids('students').sort()).toEqual([...server].sort());
    expect(mirror.list('students', { q: 'a', offset: 0, limit: 1 }).totalCount).toBeGreaterThan(0);
    db.close();
    console.info(
      `first sync crash test: a whole first sync ${calibration.ranMs.toFixed(0)} ms; ${KILLS} kills, ` +
        `${completed} sync(s) finished between them; ` +
        'every database opened, none set aside, the last resumed to the school exactly',
    );
  }, 300_000);
});
