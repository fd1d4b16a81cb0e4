import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isTempName, removeFileAtomic, removeStaleTempFiles, writeFileAtomic } from './atomic-file';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-atomic-'));
  folders.push(dir);
  return dir;
}
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('writeFileAtomic', () => {
  it('writes the bytes with mode 0600 and leaves no temporary file', async () => {
    const dir = folder();
    const target = join(dir, 'school.mirror');
    await writeFileAtomic(target, bytes('first'));
    await writeFileAtomic(target, bytes('second'));
    expect(readFileSync(target, 'utf8')).toBe('second');
    expect(readdirSync(dir)).toEqual(['school.mirror']);
    if (process.platform !== 'win32') expect(statSync(target).mode & 0o777).toBe(0o600);
  });

  it('coalesces saves that wait: only the newest is made and written, once', async () => {
    const dir = folder();
    const target = join(dir, 'school.mirror');
    const made: string[] = [];
    const content = (text: string) => () => {
      made.push(text);
      return bytes(text);
    };
    const saves = [
      writeFileAtomic(target, content('a')),
      writeFileAtomic(target, content('b')),
      writeFileAtomic(target, content('c')),
    ];
    await Promise.all(saves);
    expect(made).toEqual(['a', 'c']);
    expect(readFileSync(target, 'utf8')).toBe('c');
  });

  it('removes its temporary file when the write fails, and the next write still runs', async () => {
    const dir = folder();
    // A folder with something in it cannot be replaced by a rename: the write fails after
    // its temporary file was written in full.
    const target = join(dir, 'taken');
    mkdirSync(join(target, 'inside'), { recursive: true });
    await expect(writeFileAtomic(target, bytes('x'))).rejects.toBeInstanceOf(Error);
    expect(readdirSync(dir)).toEqual(['taken']);

    const other = join(dir, 'school.mirror');
    const failing = writeFileAtomic(other, () => Promise.reject(new Error('encrypt failed')));
    const next = writeFileAtomic(other, bytes('after'));
    await expect(failing).rejects.toThrow('encrypt failed');
    await next;
    expect(readFileSync(other, 'utf8')).toBe('after');
  });

  it('removes after a running write, dropping one that waits', async () => {
    const dir = folder();
    const target = join(dir, 'school.mirror');
    const made: string[] = [];
    const running = writeFileAtomic(target, () => {
      made.push('running');
      return bytes('running');
    });
    const waiting = writeFileAtomic(target, () => {
      made.push('waiting');
      return bytes('waiting');
    });
    const removal = removeFileAtomic(target);
    await Promise.all([running, waiting, removal]);
    expect(made).toEqual(['running']);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removing a file in a folder that does not exist is not an error', async () => {
    await expect(removeFileAtomic(join(folder(), 'none', 'x.mirror'))).resolves.toBeUndefined();
  });
});

describe('removeStaleTempFiles', () => {
  it('removes what a crash left behind, only for the target asked for', async () => {
    const dir = folder();
    const names = ['a.mirror', 'a.mirror.0123456789abcdef.tmp', 'b.mirror.fedcba9876543210.tmp'];
    await Promise.all(names.map((name) => writeFile(join(dir, name), 'x')));
    expect(names.map(isTempName)).toEqual([false, true, true]);

    expect(await removeStaleTempFiles(dir, 'a.mirror')).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['a.mirror', 'b.mirror.fedcba9876543210.tmp']);
    expect(await removeStaleTempFiles(dir)).toBe(1);
    expect(readdirSync(dir)).toEqual(['a.mirror']);
    expect(await removeStaleTempFiles(join(dir, 'missing'))).toBe(0);
  });
});
