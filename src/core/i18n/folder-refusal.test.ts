import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages';
import { lockDataFolder } from '../store/folder-lock';
import { folderRefusal } from './folder-refusal';
import { hostText } from './host-text';

/** The refusals of a data folder with a plain file for its lock, said to the owner. */
const root = mkdtempSync(join(tmpdir(), 'schooldesk-folder-refusal-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function refusalOf(dataDir: string): Promise<unknown> {
  return lockDataFolder(dataDir, { onCompromised: () => undefined }).then(
    () => expect.unreachable('the folder was taken'),
    (error: unknown) => error,
  );
}

describe('a data folder whose lock is a plain file', () => {
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  writeFileSync(join(dataDir, 'folder.lock'), '');

  it.each(LANGUAGES)('is said in %s, naming the file, in both hosts’ words', async (language) => {
    const error = await refusalOf(dataDir);
    const text = hostText(language);
    const lockFile = join(dataDir, 'folder.lock');
    expect(folderRefusal(text, error, 'terminal')).toBe(
      text.t('terminal.notAFolder', { path: lockFile }),
    );
    expect(folderRefusal(text, error, 'dialog')).toBe(
      text.t('dialog.notAFolder', { path: lockFile }),
    );
    // A sentence with the path in it, never the raw errno.
    expect(folderRefusal(text, error, 'terminal')).toContain(lockFile);
    expect(folderRefusal(text, error, 'terminal')).not.toMatch(/ENOTDIR|EEXIST/);
  });

  it('leaves any other error to the host', () => {
    expect(folderRefusal(hostText('en'), new Error('disk full'), 'terminal')).toBeUndefined();
  });
});
