import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The synchronous twin of atomic-file.ts's writeFileAtomic, for a few small files written at a
 * host's start by code that cannot wait (the web host's address, the key file): a temporary
 * file in the same folder (named as {@link isTempName} expects), fsync, rename over the
 * target, fsync the folder. A crash leaves the old file or the new one, never a torn one.
 *
 * SECURITY: the temporary file is created exclusively with mode 0600, never widened.
 */
export function writeFileAtomicSync(path: string, content: Uint8Array): void {
  const temp = writeTempSync(path, content);
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncFolderSync(dirname(path));
}

/**
 * Writes `content` to a new temporary file beside `path` and fsyncs it; answers its name, for
 * the caller to rename or link into place (and to remove if that fails).
 *
 * SECURITY: created exclusively with mode 0600, never widened.
 */
export function writeTempSync(path: string, content: Uint8Array): string {
  const temp = `${path}.${randomBytes(8).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  return temp;
}

/**
 * fsyncs a folder so a link, rename or removal in it survives a power cut. Windows cannot open
 * a folder for this, and some file systems refuse to fsync one; the change has happened either
 * way.
 */
export function syncFolderSync(dir: string): void {
  if (process.platform === 'win32') return;
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (!['EINVAL', 'ENOTSUP', 'EPERM', 'EISDIR'].includes(code)) throw error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
