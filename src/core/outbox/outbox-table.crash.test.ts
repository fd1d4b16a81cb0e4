import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeyEncryptor } from '../store/file-key-encryptor';
import { SchoolDatabases } from '../store/school-database';
import { OutboxTable } from './outbox-table';

/**
 * `kill -9` of a process appending to the outbox table of a school's encrypted database, 20
 * times, each run continuing the same database: after every kill the database must open (not
 * set aside), hold every entry whose append the child acknowledged, and nothing else but at
 * most the one append it had not acknowledged yet. The appending runs in a child process
 * (through tsx's loader, no wrapper process, so the pid we kill is the one writing).
 */
const CHILD = 'e2e/support/outbox-table-child.ts';
const KILLS = 20;
const KEY = 'https://school.example https://school.example/api';

let root: string;
const children = new Set<ChildProcess>();

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'schooldesk-outbox-crash-'));
});

afterAll(() => {
  // No child may outlive the test, whatever failed.
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  rmSync(root, { recursive: true, force: true });
});

describe('OutboxTable under kill -9', () => {
  it(`keeps every acknowledged append, once, through ${KILLS} kills`, async () => {
    const dataDir = join(root, 'data');
    const keyFile = join(root, 'key');
    let expectedStart = 0;
    let acknowledged = 0;
    let unacknowledgedKept = 0;

    for (let run = 0; run < KILLS; run += 1) {
      const { start, lastAcked } = await appendUntilKilled(dataDir, keyFile);
      expect(start, `run ${run}: where the child went on`).toBe(expectedStart);
      expect(lastAcked, `run ${run}: the child acknowledged nothing`).toBeGreaterThanOrEqual(start);
      acknowledged += lastAcked - start + 1;

      const warnings: string[] = [];
      const log = { info: () => {}, warn: (m: string) => warnings.push(m), error: () => {} };
      const databases = new SchoolDatabases(
        dataDir,
        new FileKeyEncryptor(keyFile),
        () => true,
        log,
      );
      const { db, setAside } = await databases.open(KEY);
      const entries = await new OutboxTable(db, 'owner').open();
      db.close();
      // Nothing was set aside: a set-aside database would mean lost entries.
      expect(setAside, `run ${run}`).toBeUndefined();
      expect(warnings, `run ${run}`).toEqual([]);
      const last = (entries.get('counter') as { n: number } | undefined)?.n;
      expect(last, `run ${run}: the counter`).toBeDefined();
      // Every acknowledged append is there; at most the one in flight went further.
      expect([lastAcked, lastAcked + 1], `run ${run}`).toContain(last);
      if (last === lastAcked + 1) unacknowledgedKept += 1;
      const expected = new Map<string, unknown>();
      for (let n = 0; n <= last!; n += 1) expected.set(`e${n}`, { n, text: `entry ${n}` });
      expected.set('counter', { n: last });
      // Same ids (none lost, none extra: a Map cannot hold one twice) and same values.
      expect(new Map([...entries].sort()), `run ${run}`).toEqual(new Map([...expected].sort()));
      expectedStart = last! + 1;
    }
    console.info(
      `outbox table crash test: ${KILLS} kills, ${acknowledged} acknowledged appends, ` +
        `lost 0, duplicated 0; ${unacknowledgedKept} kill(s) after an append was on disk ` +
        `but before its acknowledgement`,
    );
  }, 60_000);
});

/**
 * Starts the child, lets it acknowledge a random number of appends, then kills it at a random
 * moment within one append's duration. Answers where it started and the last number it
 * acknowledged, counting every line it wrote before it died.
 */
async function appendUntilKilled(
  dataDir: string,
  keyFile: string,
): Promise<{ start: number; lastAcked: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, keyFile, KEY], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = once(child, 'exit');
  const errors: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));

  const target = 5 + Math.floor(Math.random() * 60);
  let start = -1;
  let lastAcked = -1;
  const times: number[] = [];
  const outOfOrder: string[] = [];
  const lines = createInterface({ input: child.stdout });
  const ended = once(lines, 'close');
  const enough = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      const [word, number] = line.split(' ');
      if (word === 'start') start = Number(number);
      if (word !== 'acked') return;
      if (Number(number) !== (lastAcked === -1 ? start : lastAcked + 1)) outOfOrder.push(line);
      lastAcked = Number(number);
      times.push(performance.now());
      if (times.length === target) resolve();
    });
    void exited.then(() =>
      reject(new Error(`the child exited before it was killed:\n${errors.join('')}`)),
    );
  });
  await enough;
  const oneAppend = times[target - 1]! - times[target - 2]!;
  // A random moment is the point of this test, not a wait for something to happen.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * oneAppend));
  child.kill('SIGKILL');
  // Every line the child wrote before it died counts as acknowledged, so read to the end.
  await Promise.all([exited, ended]);
  children.delete(child);
  expect(child.signalCode).toBe('SIGKILL');
  expect(outOfOrder, 'acknowledgements out of order').toEqual([]);
  return { start, lastAcked };
}
