import { chmod, lstat, mkdir, stat as statOf } from 'node:fs/promises';

/**
 * The checks a data folder passes before Schooldesk keeps anything in it: it is a folder of
 * this user's, private to them (0700), and its lock, where there is one, is a folder.
 */

/** Why a data folder cannot be used; each host says it in its own words (the `host` catalog). */
export type DataFolderProblem =
  /** The folder belongs to another user, who could read or replace what we keep there. */
  | 'folder_not_yours'
  /** The data folder's path, or its lock's (`folder.lock`), is something else than a folder. */
  | 'not_a_folder';

/** A data folder Schooldesk must not use; `path` names what is wrong, for the owner to fix. */
export class DataFolderError extends Error {
  constructor(
    readonly code: DataFolderProblem,
    readonly path: string,
  ) {
    super(`${code}: ${path}`);
    this.name = 'DataFolderError';
  }
}

/**
 * Makes `dataDir` (0700) or checks the one there. SECURITY: a folder that already existed is
 * used only when it is this user's: one of another user's is refused (they could read our
 * files, or swap them), and one that others may open is narrowed to 0700 (mkdir's mode
 * applies only to a folder it creates). Answers whether it narrowed the folder, so the host
 * can say so. On Windows, where modes and owners are not POSIX, only the folder is made.
 */
export async function claimDataFolder(dataDir: string): Promise<{ narrowed: boolean }> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw new DataFolderError('not_a_folder', dataDir);
    throw error;
  });
  if (process.platform === 'win32') return { narrowed: false };
  // `stat`, not `lstat`: a data folder may be a link to the owner's folder elsewhere.
  const stat = await statOf(dataDir);
  if (stat.uid !== process.getuid?.()) throw new DataFolderError('folder_not_yours', dataDir);
  if ((stat.mode & 0o077) === 0) return { narrowed: false };
  await chmod(dataDir, 0o700);
  return { narrowed: true };
}

/**
 * Refuses a lock path that holds something else than a folder (a plain file, a link): the
 * lock is a folder made with an atomic mkdir, which such a thing would block forever, and
 * removing what we did not make is the owner's choice, not ours.
 */
export async function checkLockPath(lockDir: string): Promise<void> {
  const stat = await lstat(lockDir).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  });
  if (stat && !stat.isDirectory()) throw new DataFolderError('not_a_folder', lockDir);
}
