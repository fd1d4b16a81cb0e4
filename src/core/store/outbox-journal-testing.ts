import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import type { LogSink } from '../adapters';
import { FileKeyEncryptor } from './file-key-encryptor';
import { OutboxJournal, type JournalRecord } from './outbox-journal';

/**
 * What the journal's test files share: fresh folders and journals, closed and removed after
 * each test, a log that keeps what it is told, and the records' shorthands. Tests only.
 */

export const SCHOOL = 'https://school-one.example https://school-one.example/api';
export const OTHER = 'https://school-two.example https://school-two.example/api';

export const put = (id: string, value: unknown): JournalRecord => ({ op: 'put', id, value });
export const drop = (id: string): JournalRecord => ({ op: 'drop', id });

/** A LogSink that keeps what it is told, so a test can read the warnings. */
export function recordingLog(): LogSink & { warnings: string[]; lines: string[] } {
  const warnings: string[] = [];
  const lines: string[] = [];
  return {
    warnings,
    lines,
    info: (m) => lines.push(m),
    warn: (m) => (warnings.push(m), lines.push(m)),
    error: (m) => (warnings.push(m), lines.push(m)),
  };
}

/** The only journal file in the journal's folder. */
export function journalFile(j: OutboxJournal): string {
  const names = readdirSync(j.folder).filter((n) => n.endsWith('.journal'));
  expect(names).toHaveLength(1);
  return join(j.folder, names[0]!);
}

/** Registers the clean-up of the calling test file; answers its `folder` and `journal`. */
export function journalFixtures() {
  const folders: string[] = [];
  const journals: OutboxJournal[] = [];
  afterEach(async () => {
    await Promise.all(journals.splice(0).map((j) => j.close()));
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    folder: (): string => {
      const dir = mkdtempSync(join(tmpdir(), 'schooldesk-outbox-'));
      folders.push(dir);
      return dir;
    },
    journal: (
      dir: string,
      options: { persist?: () => boolean; key?: string; compactAfter?: number } = {},
    ) => {
      const log = recordingLog();
      const encryptor = new FileKeyEncryptor(join(dir, options.key ?? 'key'));
      const instance = new OutboxJournal({
        dataDir: dir,
        encryptor,
        persist: options.persist ?? (() => true),
        log,
        compactAfter: options.compactAfter,
      });
      journals.push(instance);
      return { journal: instance, log, encryptor };
    },
  };
}
