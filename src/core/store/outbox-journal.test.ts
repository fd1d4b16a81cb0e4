import { createHash } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutboxJournal, type JournalRecord } from './outbox-journal';
import { drop, journalFile, journalFixtures, OTHER, put, SCHOOL } from './outbox-journal-testing';
import { parseRecords, scanFrames } from './outbox-journal-frames';

const { folder, journal } = journalFixtures();

describe('OutboxJournal', () => {
  it('answers an empty map for a missing journal, and writes nothing for it', async () => {
    const { journal: j, log } = journal(folder());
    expect(await j.open(SCHOOL)).toEqual(new Map());
    expect(readdirSync(j.folder)).toEqual([]);
    expect(log.warnings).toEqual([]);
  });

  it('keeps the order of first puts, lets the last put win and a drop remove; reopens equal', async () => {
    const dir = folder();
    const { journal: j, log } = journal(dir);
    await j.append(SCHOOL, [put('a', { title: 'A1' }), put('b', { title: 'B1' })]);
    await j.append(SCHOOL, [put('c', { title: 'C1' })]);
    await j.append(SCHOOL, [put('a', { title: 'A2' }), drop('b')]);
    await j.append(SCHOOL, [put('b', { title: 'B2' }), drop('nothing-there')]);
    await j.append(OTHER, [put('x', [1, 'two', null])]);

    const expected = [
      ['a', { title: 'A2' }],
      ['c', { title: 'C1' }],
      ['b', { title: 'B2' }],
    ];
    expect([...(await j.open(SCHOOL))]).toEqual(expected);
    await j.close();
    const again = journal(dir);
    expect([...(await again.journal.open(SCHOOL))]).toEqual(expected);
    expect([...(await again.journal.open(OTHER))]).toEqual([['x', [1, 'two', null]]]);
    expect(log.warnings).toEqual([]);
    expect(again.log.warnings).toEqual([]);

    const names = readdirSync(j.folder);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}\.journal$/);
    if (process.platform !== 'win32') {
      expect(statSync(j.folder).mode & 0o777).toBe(0o700);
      for (const name of names) expect(statSync(join(j.folder, name)).mode & 0o777).toBe(0o600);
    }
  });

  it('answers copies, and keeps what was appended even if the caller changes its objects', async () => {
    const { journal: j } = journal(folder());
    const value = { fields: { title: 'Before' } };
    await j.append(SCHOOL, [put('a', value)]);
    value.fields.title = 'Changed after the append';
    const opened = await j.open(SCHOOL);
    expect(opened.get('a')).toEqual({ fields: { title: 'Before' } });
    (opened.get('a') as { fields: { title: string } }).fields.title = 'Changed by the reader';
    expect((await j.open(SCHOOL)).get('a')).toEqual({ fields: { title: 'Before' } });
  });

  it('refuses records that would not read back, before writing anything', async () => {
    const { journal: j } = journal(folder());
    await expect(j.append(SCHOOL, [put('a', undefined)])).rejects.toThrow(TypeError);
    await expect(
      j.append(SCHOOL, [{ op: 'put', id: 7 } as unknown as JournalRecord]),
    ).rejects.toThrow(TypeError);
    expect(existsSync(j.folder)).toBe(false);
    await j.append(SCHOOL, [put('a', 1)]);
    expect([...(await j.open(SCHOOL))]).toEqual([['a', 1]]);
  });

  it('serialises appends to one key: all land, in call order, one frame each', async () => {
    const dir = folder();
    const { journal: j, encryptor } = journal(dir);
    await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        j.append(SCHOOL, [put(`e${n}`, { n }), put('last', { n })]),
      ),
    );
    const opened = await j.open(SCHOOL);
    expect(opened.size).toBe(41);
    expect(opened.get('last')).toEqual({ n: 39 });
    // The first append made the file (a rewrite of one frame); each later one added a frame.
    const { frames, tornAt } = scanFrames(readFileSync(journalFile(j)));
    expect(tornAt).toBeUndefined();
    expect(frames).toHaveLength(40);
    const second = parseRecords((await encryptor.decrypt(frames[1]!.blob)).plain);
    expect(second).toEqual([put('e1', { n: 1 }), put('last', { n: 1 })]);
  });

  it('compacts to exactly the live entries, and appends after compaction survive a reopen', async () => {
    const dir = folder();
    const { journal: j, encryptor, log } = journal(dir, { compactAfter: 20 });
    await j.append(SCHOOL, [put('keep', { v: 'k' }), put('gone', { v: 'g' })]);
    const sizes: number[] = [];
    for (let n = 0; n < 30; n += 1) {
      await j.append(SCHOOL, [put('busy', { n, padding: 'x'.repeat(200) })]);
      sizes.push(statSync(journalFile(j)).size);
    }
    await j.append(SCHOOL, [drop('gone')]);
    // The file grew with each append, then shrank once the superseded records passed 20.
    const shrank = sizes.findIndex((size, i) => i > 0 && size < sizes[i - 1]!);
    expect(shrank).toBeGreaterThan(0);
    expect(sizes[shrank]!).toBeLessThan(sizes[shrank - 1]! / 5);

    // Force one more compaction and look at the file itself: one frame of the live puts.
    for (let n = 0; n < 21; n += 1) await j.append(SCHOOL, [put('busy', { n: 100 + n })]);
    const { frames } = scanFrames(readFileSync(journalFile(j)));
    const records = (
      await Promise.all(
        frames.map(async (f) => parseRecords((await encryptor.decrypt(f.blob)).plain)),
      )
    ).flat();
    expect(frames.length).toBeLessThan(21);
    expect(records.filter((r) => r.id === 'gone')).toEqual([]);

    await j.append(SCHOOL, [put('after', { v: 'a' })]);
    await j.close();
    const again = journal(dir, { compactAfter: 20 });
    expect([...(await again.journal.open(SCHOOL))]).toEqual([
      ['keep', { v: 'k' }],
      ['busy', { n: 120 }],
      ['after', { v: 'a' }],
    ]);
    expect([...log.warnings, ...again.log.warnings]).toEqual([]);
    // The compactions left no temporary file behind.
    expect(readdirSync(j.folder)).toHaveLength(1);
  });

  it('compacts a journal whose entries were all dropped to an empty file, which reopens empty', async () => {
    const dir = folder();
    const { journal: j } = journal(dir, { compactAfter: 3 });
    await j.append(SCHOOL, [put('a', 1), put('b', 2)]);
    await j.append(SCHOOL, [drop('a'), drop('b'), put('c', 3), drop('c')]);
    expect(statSync(journalFile(j)).size).toBe(0);
    await j.close();
    expect(await journal(dir).journal.open(SCHOOL)).toEqual(new Map());
  });
});

describe('OutboxJournal and persist()', () => {
  it('keeps nothing on disk when persist() is false, removes an earlier file, and writes all when true again', async () => {
    const dir = folder();
    let persist = true;
    const { journal: j } = journal(dir, { persist: () => persist });
    await j.append(SCHOOL, [put('a', 1)]);
    await j.append(OTHER, [put('x', 1)]);
    expect(readdirSync(j.folder)).toHaveLength(2);

    persist = false;
    await j.append(SCHOOL, [put('b', 2)]);
    expect(readdirSync(j.folder)).toHaveLength(1);
    expect([...(await j.open(SCHOOL))]).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(await j.open(OTHER)).toEqual(new Map([['x', 1]]));
    expect(readdirSync(j.folder)).toEqual([]);

    // A new instance (a restart) while persist() is false finds nothing and writes nothing.
    const fresh = journal(dir, { persist: () => false });
    await fresh.journal.append(SCHOOL, [put('c', 3)]);
    expect(readdirSync(j.folder)).toEqual([]);

    persist = true;
    await j.append(SCHOOL, [put('c', 3)]);
    await j.close();
    expect([...(await journal(dir).journal.open(SCHOOL))]).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
  });

  it("wipes one school's journal and set-aside copy, and leaves another's", async () => {
    const dir = folder();
    const { journal: j } = journal(dir);
    await j.append(SCHOOL, [put('a', 1)]);
    await j.append(OTHER, [put('x', 1)]);
    const file = fileOf(j, SCHOOL);
    writeFileSync(`${file}.unreadable`, 'x');

    const queued = j.append(SCHOOL, [put('b', 2)]);
    await j.wipe(SCHOOL);
    await queued;
    expect(readdirSync(j.folder)).toHaveLength(1);
    expect(await j.open(SCHOOL)).toEqual(new Map());
    expect(await j.open(OTHER)).toEqual(new Map([['x', 1]]));
    await j.close();
    expect(await journal(dir).journal.open(SCHOOL)).toEqual(new Map());
  });
});

describe('OutboxJournal at rest', () => {
  const MARKERS = ['ada.lovelace@example.edu', 'Ada Lovelace', 'SPRING-COUPON-7Q2X'];

  it('writes none of the entries in plain text, and logs none of them', async () => {
    const dir = folder();
    const { journal: j, log } = journal(dir, { compactAfter: 5 });
    for (let n = 0; n < 12; n += 1) {
      await j.append(SCHOOL, [
        put(`student-${n}`, { name: MARKERS[1], email: MARKERS[0] }),
        put('coupon', { code: MARKERS[2] }),
      ]);
    }
    const bytes = Buffer.concat(readdirSync(j.folder).map((n) => readFileSync(join(j.folder, n))));
    // The control: the scan finds a marker in the plain text of the same records.
    const plain = Buffer.from(JSON.stringify([put('coupon', { code: MARKERS[2] })]));
    expect(found(plain, MARKERS[2]!)).toBe(true);
    for (const marker of MARKERS) expect(found(bytes, marker), marker).toBe(false);

    // Damage the tail so that a reopen logs a warning too.
    appendFileSync(journalFile(j), 'garbage');
    await j.close();
    const again = journal(dir);
    expect((await again.journal.open(SCHOOL)).get('coupon')).toEqual({ code: MARKERS[2] });
    expect(again.log.warnings).toHaveLength(1);
    for (const line of [...log.lines, ...again.log.lines]) {
      for (const marker of [...MARKERS, 'school-one', 'student-'])
        expect(line).not.toContain(marker);
    }
  });

  it('saves one small edit (encrypt, write, fsync) well within 50 ms', async () => {
    const { journal: j } = journal(folder());
    await j.append(SCHOOL, [put('warm-up', {})]);
    const times: number[] = [];
    for (let n = 0; n < 100; n += 1) {
      const record = put(`course-${n % 10}`, {
        idempotencyKey: `k-${n}`,
        etag: '"v7"',
        fields: { title: `Course title ${n}`, priceCents: 1900 + n },
      });
      const start = performance.now();
      await j.append(SCHOOL, [record]);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number): string => times[Math.floor(q * (times.length - 1))]!.toFixed(2);
    console.info(
      `outbox journal append of one small frame (encrypt + write + fsync), 100 runs: ` +
        `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
    );
    expect(Number(at(0.5))).toBeLessThan(50);
  });
});

/** Whether `marker` shows in `content` as UTF-8, UTF-16LE or base64 (at any alignment). */
function found(content: Buffer, marker: string): boolean {
  const raw = Buffer.from(marker, 'utf8');
  if (content.includes(raw) || content.includes(Buffer.from(marker, 'utf16le'))) return true;
  const text = content.toString('latin1');
  return [0, 1, 2].some((skip) => {
    const encoded = Buffer.concat([Buffer.alloc(skip), raw]).toString('base64');
    return text.includes(
      encoded.slice(Math.ceil((8 * skip) / 6), Math.floor((8 * (skip + raw.length)) / 6)),
    );
  });
}

/** A school's journal file, by the rule OutboxJournal states for its name. */
function fileOf(j: OutboxJournal, key: string): string {
  const hash = createHash('sha256').update('schooldesk outbox\0').update(key).digest('hex');
  return join(j.folder, `${hash.slice(0, 32)}.journal`);
}
