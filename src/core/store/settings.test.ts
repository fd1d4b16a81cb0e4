import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Settings } from './settings';

/** settings.json holds which schools this computer works with: private, like every file. */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-settings-'));
  dirs.push(dir);
  return dir;
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe.runIf(process.platform !== 'win32')('the settings file', () => {
  it('is written 0600', () => {
    const dir = dataDir();
    new Settings(dir).rememberSchool('https://school.example');
    expect(modeOf(join(dir, 'settings.json'))).toBe(0o600);
  });

  it('is narrowed to 0600 when an earlier version left it readable to others', () => {
    const dir = dataDir();
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ recentSchools: ['https://school.example'] }));
    chmodSync(file, 0o644);
    const settings = new Settings(dir);
    expect(modeOf(file)).toBe(0o600);
    expect(settings.recentSchools).toEqual(['https://school.example']);
  });
});
