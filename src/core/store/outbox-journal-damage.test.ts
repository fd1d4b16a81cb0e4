import { createHash } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutboxJournal, OutboxJournalError } from './outbox-journal';
import { journalFile, journalFixtures, OTHER, put, SCHOOL } from './outbox-journal-testing';

/**
 * What a crash, a tampered file or a refusing disk leave, and how the journal reads on.
 * kill -9 of a real process is in outbox-journal.crash.test.ts.
 */
const { folder, journal } = journalFixtures();

describe('OutboxJournal after a crash or damage', () => {
  /** Three appends, closed; answers the file and its size after each append. */
  async function threeAppends(dir: string): Promise<{ file: string; sizes: number[] }> {
    const { journal: j } = journal(dir);
    const sizes: number[] = [];
    for (const n of [1, 2, 3]) {
      await j.append(SCHOOL, [put(`e${n}`, { n })]);
      sizes.push(statSync(journalFile(j)).size);
    }
    await j.close();
    return { file: journalFile(j), sizes };
  }
  const firstTwo = [
    ['e1', { n: 1 }],
    ['e2', { n: 2 }],
  ];
  const allThree = [...firstTwo, ['e3', { n: 3 }]];

  it.each([
    ['cut a few bytes short', (file: string) => truncateSync(file, statSync(file).size - 3)],
    [
      'cut inside its length field',
      (file: string, sizes: number[]) => truncateSync(file, sizes[1]! + 2),
    ],
    [
      'complete but undecryptable',
      (file: string) => {
        const bytes = readFileSync(file);
        bytes[bytes.length - 1]! ^= 0x01;
        writeFileSync(file, bytes);
      },
    ],
  ])(
    'cuts off a last frame %s, answers the frames before it, and appends after',
    async (_, damage) => {
      const dir = folder();
      const { file, sizes } = await threeAppends(dir);
      damage(file, sizes);

      const { journal: j, log } = journal(dir);
      expect([...(await j.open(SCHOOL))]).toEqual(firstTwo);
      expect(log.warnings).toHaveLength(1);
      expect(log.warnings[0]).toContain('unfinished append');
      expect(statSync(file).size).toBe(sizes[1]);

      await j.append(SCHOOL, [put('e4', { n: 4 })]);
      await j.close();
      const again = journal(dir);
      expect([...(await again.journal.open(SCHOOL))]).toEqual([...firstTwo, ['e4', { n: 4 }]]);
      expect(again.log.warnings).toEqual([]);
    },
  );

  it.each([
    ['garbage', Buffer.from('half of a frame that never finished')],
    ['zero bytes (a power cut)', Buffer.alloc(4096)],
  ])('cuts off %s after the last frame and keeps every frame', async (_, tail) => {
    const dir = folder();
    const { file, sizes } = await threeAppends(dir);
    appendFileSync(file, tail);

    const { journal: j, log } = journal(dir);
    expect([...(await j.open(SCHOOL))]).toEqual(allThree);
    expect(log.warnings).toHaveLength(1);
    expect(statSync(file).size).toBe(sizes[2]);
  });

  it('sets aside a journal damaged in the middle, answers what came before and keeps it', async () => {
    const dir = folder();
    const { file, sizes } = await threeAppends(dir);
    const bytes = readFileSync(file);
    bytes[sizes[1]! - 1]! ^= 0x01; // the end of the second frame
    writeFileSync(file, bytes);

    const { journal: j, log } = journal(dir);
    expect([...(await j.open(SCHOOL))]).toEqual([['e1', { n: 1 }]]);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toContain('set aside');
    expect(log.warnings[0]).not.toContain('school-one');
    const name = file.slice(j.folder.length + 1);
    expect(readdirSync(j.folder).sort()).toEqual([name, `${name}.unreadable`]);
    // What was read before the damage was written back: a crash now does not lose it.
    const again = journal(dir);
    expect([...(await again.journal.open(SCHOOL))]).toEqual([['e1', { n: 1 }]]);
    expect(again.log.warnings).toEqual([]);
  });

  it('sets aside a journal made with another key, answers empty and never throws', async () => {
    const dir = folder();
    const { file } = await threeAppends(dir);
    const { journal: j, log } = journal(dir, { key: 'other-key' });
    expect(await j.open(SCHOOL)).toEqual(new Map());
    expect(log.warnings).toHaveLength(1);
    expect(existsSync(`${file}.unreadable`)).toBe(true);
    await j.append(SCHOOL, [put('new', 1)]);
    expect([...(await j.open(SCHOOL))]).toEqual([['new', 1]]);
  });

  it('rejects with a coded sentence when the disk refuses, and applies nothing', async () => {
    const dir = folder();
    const { journal: j } = journal(dir);
    await j.append(OTHER, [put('x', 1)]); // makes the folder, so we can name the file
    const file = fileOf(j, SCHOOL);
    // A folder where the file should be: every write to it fails, as a full disk would.
    mkdirSync(file);

    const error = await j.append(SCHOOL, [put('a', 1)]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboxJournalError);
    expect((error as OutboxJournalError).code).toBe('outbox_save_failed');
    expect((error as Error).message).toBe(
      'Schooldesk could not save your change on this computer. Check that the disk has free space.',
    );
    rmSync(file, { recursive: true });
    await j.append(SCHOOL, [put('b', 2)]);
    await j.close();
    expect([...(await journal(dir).journal.open(SCHOOL))]).toEqual([['b', 2]]);
  });
});

/** A school's journal file, by the rule OutboxJournal states for its name. */
function fileOf(j: OutboxJournal, key: string): string {
  const hash = createHash('sha256').update('schooldesk outbox\0').update(key).digest('hex');
  return join(j.folder, `${hash.slice(0, 32)}.journal`);
}
