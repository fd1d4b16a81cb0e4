import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3-multiple-ciphers';
import { describe, expect, it } from 'vitest';
import type { LogSink } from '../adapters';
import { hostText } from '../i18n/host-text';
import { handle, type Handlers } from '../handlers';
import { LANGUAGES } from '../../shared/languages';

/**
 * A full disk or a folder this computer may not write, met while saving: the owner is told
 * which, in their language ("free some space"), never "Something went wrong"; the log keeps
 * the system's own words beside the code.
 */

/** What writing to /dev/full throws: the kernel's ENOSPC, as a full disk gives it. */
function diskFull(): unknown {
  try {
    writeFileSync('/dev/full', 'a change');
  } catch (error) {
    return error;
  }
  return expect.unreachable('/dev/full took the write');
}

/** What SQLite throws when its file cannot grow (SQLITE_FULL), as on a full disk. */
function databaseFull(): unknown {
  const db = new Database(':memory:');
  try {
    db.pragma('max_page_count = 2');
    db.exec('CREATE TABLE t (v TEXT)');
    for (let i = 0; i < 100; i += 1) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(4000));
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
  return expect.unreachable('the database kept growing');
}

/** The bridge's answer to a save that met `error`, and what it logged. */
async function answerTo(error: unknown) {
  const lines: string[] = [];
  const log: LogSink = {
    info: (line) => void lines.push(line),
    warn: (line) => void lines.push(line),
    error: (line) => void lines.push(line),
  };
  const handlers = {
    'schools:recent': () => {
      throw error;
    },
  } as unknown as Handlers;
  const answer = await handle(handlers, 'schools:recent', {}, { trustedSender: true, log });
  return { answer, lines };
}

describe('a full disk', () => {
  it.each([
    ['a file write (ENOSPC)', diskFull],
    ['the school’s database (SQLITE_FULL)', databaseFull],
  ])('met by %s answers disk_full, and the log keeps the detail', async (_, make) => {
    const error = make();
    const { answer, lines } = await answerTo(error);
    expect(answer).toMatchObject({ ok: false, error: { code: 'disk_full' } });
    expect(lines.join('\n')).toContain('disk_full');
    expect(lines.join('\n')).toContain((error as Error).message);
  });

  it.each(LANGUAGES)('is said in %s: free some space', (language) => {
    const sentence = hostText(language).error('disk_full');
    expect(sentence).toMatch(language === 'en' ? /free (up )?some space/i : /空間/);
  });
});
