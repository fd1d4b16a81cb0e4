import { createHash } from 'node:crypto';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { removeStaleTempFiles } from './atomic-file';

/**
 * What the folders of a school's files on this computer (the mirror, the outbox) share: a
 * private folder, files named by a hash of the school, and a set-aside copy beside a file
 * that would not read.
 */

/**
 * Makes `folder` (0700, narrowed if someone widened it) and removes the temporary files a
 * crash in an atomic write left behind; answers how many it removed.
 */
export async function preparePrivateFolder(folder: string): Promise<number> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // SECURITY: mkdir's mode only applies to a folder it creates.
  if (process.platform !== 'win32') await chmod(folder, 0o700);
  return removeStaleTempFiles(folder);
}

/**
 * The path of a school's file in `folder`. SECURITY: a hash of the school's key (salted by
 * what the file is), so the folder does not list which schools this computer works with.
 */
export function schoolFile(folder: string, what: string, key: string, extension: string): string {
  const hash = createHash('sha256').update(`schooldesk ${what}\0`).update(key).digest('hex');
  return join(folder, `${hash.slice(0, 32)}${extension}`);
}
