import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTempName } from './atomic-file';
import { FileKeyEncryptor } from './file-key-encryptor';
import { MirrorFiles } from './mirror-files';

/**
 * `kill -9` in the middle of a save, 20 times: the mirror must always load, and hold either
 * the old or the new database, never a torn one. The saving runs in a child process (through
 * tsx's loader, no wrapper process, so the pid we kill is the one writing).
 */
const CHILD = 'e2e/support/mirror-save-child.ts';
const KILLS = 20;
const KEY = 'https://school.example https://school.example/api';
/** Rows per database: about 4 MB each, so a save takes long enough for kills to land in it. */
const ROWS = 30_000;

let root: string;
let contents: [Buffer, Buffer];
let SQL: Awaited<ReturnType<typeof initSqlJs>>;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'schooldesk-crash-'));
  SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run('CREATE TABLE students (id TEXT PRIMARY KEY, name TEXT, email TEXT, notes TEXT)');
  db.run('BEGIN');
  const insert = db.prepare('INSERT INTO students VALUES (?, ?, ?, ?)');
  for (let i = 0; i < ROWS; i += 1) {
    insert.run([`s${i}`, `Student ${i}`, `student${i}@example.edu`, `note ${i} `.repeat(12)]);
  }
  insert.free();
  db.run('COMMIT');
  const older = Buffer.from(db.export());
  db.run("UPDATE students SET notes = upper(notes), name = name || ' (edited)'");
  const newer = Buffer.from(db.export());
  db.close();
  contents = [older, newer];
  writeFileSync(join(root, 'a.sqlite'), older);
  writeFileSync(join(root, 'b.sqlite'), newer);
});

afterAll(() => {
  // No child may outlive the test, whatever failed.
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  rmSync(root, { recursive: true, force: true });
});

describe('MirrorFiles under kill -9', () => {
  it(`keeps the old or the new database through ${KILLS} kills mid-save`, async () => {
    expect(contents[0].length).toBeGreaterThan(3_000_000);
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    const keyFile = join(root, 'key');
    let killedMidWrite = 0;
    const seen = new Set<number>();

    for (let run = 0; run < KILLS; run += 1) {
      await saveUntilKilled(dataDir, keyFile);
      const folder = join(dataDir, 'mirrors');
      if (readdirSync(folder).some(isTempName)) killedMidWrite += 1;

      const warnings: string[] = [];
      const log = { info: () => {}, warn: (m: string) => warnings.push(m), error: () => {} };
      const files = new MirrorFiles(dataDir, new FileKeyEncryptor(keyFile), () => true, log);
      const loaded = await files.load(KEY);
      expect(warnings, `run ${run}`).toEqual([]);
      expect(loaded, `run ${run}: nothing loaded`).toBeDefined();
      const which = contents.findIndex((c) => c.equals(loaded!));
      expect(which, `run ${run}: the file is neither the old nor the new database`).not.toBe(-1);
      seen.add(which);
      const db = new SQL.Database(loaded);
      expect(db.exec('SELECT count(*) FROM students')[0]?.values[0]?.[0]).toBe(ROWS);
      db.close();
      // Opening swept what the killed write left behind.
      expect(readdirSync(folder).filter(isTempName)).toEqual([]);
    }
    console.info(`${killedMidWrite} of ${KILLS} kills left a write unfinished`);
    // Otherwise this test would not have exercised what it is about.
    expect(killedMidWrite).toBeGreaterThan(0);
    expect(seen.size).toBe(2);
  }, 60_000);
});

/**
 * Starts the child, lets it finish two or three saves, then kills it at a random moment within
 * one save's duration and waits until it is gone.
 */
async function saveUntilKilled(dataDir: string, keyFile: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      CHILD,
      dataDir,
      keyFile,
      KEY,
      join(root, 'a.sqlite'),
      join(root, 'b.sqlite'),
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  children.add(child);
  const exited = once(child, 'exit');
  const errors: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));

  const target = 2 + Math.floor(Math.random() * 2);
  const times: number[] = [];
  const lines = createInterface({ input: child.stdout });
  const saved = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      if (!line.startsWith('saved ')) return;
      times.push(performance.now());
      if (times.length === target) resolve();
    });
    void exited.then(() =>
      reject(new Error(`the child exited before it was killed:\n${errors.join('')}`)),
    );
  });
  await saved;
  const oneSave = times[target - 1]! - times[target - 2]!;
  // A random moment is the point of this test, not a wait for something to happen.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * oneSave));
  child.kill('SIGKILL');
  await exited;
  lines.close();
  children.delete(child);
  expect(child.signalCode).toBe('SIGKILL');
}
