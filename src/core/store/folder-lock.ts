import { readFileSync } from 'node:fs';
import { readFile, rmdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { lock } from 'proper-lockfile';
import { z } from 'zod';
import { removeFileAtomic, writeFileAtomic } from './atomic-file';
import { checkLockPath, claimDataFolder } from './data-folder';

/**
 * One process owns a data folder at a time. Two hosts on one folder would each refresh with
 * the same rotating refresh token; the school sees the reuse and revokes the whole grant, so
 * both end up signed out (and both would write the same mirror and outbox files).
 *
 * The lock is proper-lockfile's: an atomic `mkdir` of `folder.lock` inside the folder, whose
 * mtime the owner refreshes every few seconds, so a lock nobody refreshes goes stale and is
 * taken over. Beside it, `folder-owner.json` names the owner's process, so a second host can
 * say who holds the folder, and so a lock whose process is gone (killed, crashed) on this
 * computer is taken over at once instead of after the stale time.
 */

const LOCK_NAME = 'folder.lock';
const OWNER_NAME = 'folder-owner.json';
/**
 * A lock not refreshed for this long is stale, whoever wrote it. Generous on purpose: it
 * matters only when the owner's process cannot be checked (another computer on a shared
 * folder, a missing owner record), and a busy event loop must not lose a live lock.
 */
const STALE_MS = 30_000;
const UPDATE_MS = 5_000;

const ownerRecord = z.object({
  pid: z.int().positive(),
  hostname: z.string(),
  startedAt: z.string().optional(),
});
type OwnerRecord = z.infer<typeof ownerRecord>;

/** A held data-folder lock. */
export type FolderLock = {
  /** The folder was open to other users and was made private (0700): the host says so. */
  readonly narrowed: boolean;
  /** Gives the folder up (idempotent): removes the owner record, then the lock. */
  release(): Promise<void>;
};

/** What {@link lockDataFolder} needs of its host. */
export type FolderLockOptions = {
  /**
   * Called if the lock was lost while held (another process removed or took it over): this
   * process no longer owns the folder and should stop at once.
   */
  onCompromised(error: Error): void;
};

/**
 * A second host's refusal: the folder is someone else's, and which process holds it. A code
 * and a number; each host words it from its catalog (core/i18n/folder-refusal.ts), with its
 * own advice. The message is for logs.
 */
export class FolderInUseError extends Error {
  readonly code = 'folder_in_use';

  constructor(
    /** The process holding the folder, when its owner record could be read. */
    readonly pid: number | undefined,
  ) {
    super(pid === undefined ? 'folder_in_use' : `folder_in_use (process ${pid})`);
    this.name = 'FolderInUseError';
  }
}

/**
 * Takes the exclusive lock on `dataDir` (created 0700 if missing) before anything else reads
 * it. Rejects with {@link FolderInUseError} when another live process holds it; takes over a
 * lock left by a process that is gone. Rejects with DataFolderError (data-folder.ts) when the
 * folder is another user's, or it or its lock is not a folder.
 *
 * SECURITY: nothing in the folder (sessions, keys, mirrors) is read before this answers, so a
 * refused host touches nothing.
 */
export async function lockDataFolder(
  dataDir: string,
  options: FolderLockOptions,
): Promise<FolderLock> {
  const { narrowed } = await claimDataFolder(dataDir);
  const lockDir = join(dataDir, LOCK_NAME);
  const ownerFile = join(dataDir, OWNER_NAME);
  await checkLockPath(lockDir);
  const take = () =>
    lock(dataDir, {
      lockfilePath: lockDir,
      stale: STALE_MS,
      update: UPDATE_MS,
      onCompromised: (error) => options.onCompromised(error),
    });

  let unlock: () => Promise<void>;
  try {
    unlock = await take();
  } catch (error) {
    if (!isHeld(error)) throw error;
    const owner = await readOwner(ownerFile);
    if (!owner || isAlive(owner)) throw new FolderInUseError(owner?.pid);
    // The owner's process is gone (killed, crashed): its lock is stale whatever its mtime.
    // Two hosts starting in the same instant after a crash could both get here; the loser's
    // lock then has an mtime it did not write, and proper-lockfile reports it compromised at
    // its next refresh (onCompromised), so it stops.
    await rmdir(lockDir).catch(ignoreMissing);
    try {
      unlock = await take();
    } catch (again) {
      if (!isHeld(again)) throw again;
      const winner = await readOwner(ownerFile);
      throw new FolderInUseError(winner && isAlive(winner) ? winner.pid : undefined);
    }
  }

  const record: OwnerRecord = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
  };
  try {
    await writeFileAtomic(ownerFile, Buffer.from(JSON.stringify(record)));
  } catch (error) {
    await unlock().catch(() => undefined);
    throw error;
  }

  let released = false;
  return {
    narrowed,
    release: async () => {
      if (released) return;
      released = true;
      // The record first: a stale record naming us must not outlive our lock.
      await removeFileAtomic(ownerFile);
      // ERELEASED: the lock was already lost (onCompromised was told).
      await unlock().catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ERELEASED') throw error;
      });
    },
  };
}

function isHeld(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ELOCKED';
}

/** The owner record, or undefined while it is being written, missing or damaged. */
async function readOwner(file: string): Promise<OwnerRecord | undefined> {
  try {
    const parsed = ownerRecord.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the owner's process may still run. Only a process on this computer can be checked;
 * one elsewhere (a shared folder) counts as alive, and its lock goes stale by mtime instead.
 */
function isAlive(owner: OwnerRecord): boolean {
  if (owner.hostname !== hostname() || owner.pid === process.pid) return true;
  try {
    // Signal 0 checks that the process exists without touching it.
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
  return !isZombie(owner.pid);
}

/**
 * Whether `pid` has exited and only waits for its parent to reap it (a zombie): signal 0
 * still finds it, but it runs no code and will never refresh or give up its lock. Linux says
 * so in /proc/<pid>/stat (state `Z`, after the name in parentheses, which may itself hold
 * spaces and parentheses); where there is no /proc, the process counts as alive.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat
      .slice(stat.lastIndexOf(')') + 1)
      .trimStart()
      .startsWith('Z');
  } catch {
    return false;
  }
}

function ignoreMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
