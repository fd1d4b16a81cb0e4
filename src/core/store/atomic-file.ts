import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve as resolvePath } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Atomic, crash-proof file writes: a temporary file in the same folder, fsync, rename over the
 * target, fsync the folder. A crash or `kill -9` at any moment leaves either the old or the new
 * file, never a torn one; at worst a temporary file stays behind, which
 * {@link removeStaleTempFiles} clears on the next open.
 *
 * Why not `atomically` or `write-file-atomic`: neither fsyncs the folder after the rename (so
 * the rename itself may be lost on power failure), and neither lets a queued write be replaced
 * by newer bytes or by a removal. The whole job is a few system calls, stated here once.
 */

/** What a write stores: the bytes, or a function making them when the write actually runs. */
export type FileContent = Uint8Array | (() => Uint8Array | Promise<Uint8Array>);

/** Every temporary file ends so, after `<target name>.<random hex>`. */
const TEMP_SUFFIX = '.tmp';

type Operation = { kind: 'write'; content: FileContent } | { kind: 'remove' };

type Waiter = { resolve: () => void; reject: (error: unknown) => void };

type PathState = {
  /** The operation on disk now. */
  running: Promise<void>;
  /** The newest operation asked for while one runs; older queued ones were coalesced into it. */
  next?: { operation: Operation; waiters: Waiter[] };
};

/** Per target path: what runs and what waits. Module-wide, so every caller shares one queue. */
const paths = new Map<string, PathState>();

/** Temporary files this process is writing now; a sweep must not take them away. */
const activeTemps = new Set<string>();

/**
 * Writes `content` to `path` atomically, with mode 0600.
 *
 * Writes to one path run one at a time. A write asked for while another runs waits; if several
 * wait, only the newest is written, once, and every waiter resolves when it is on disk (its
 * content was superseded, which is what a save of a newer state means). Pass a function as
 * `content` to make the bytes only when the write runs (e.g. to encrypt just the newest), and
 * never change a passed Uint8Array after the call: it is read when the write runs.
 *
 * SECURITY: the file is created 0600 (exclusively, under a random name), never widened; the
 * folder is the caller's to create and protect.
 */
export function writeFileAtomic(path: string, content: FileContent): Promise<void> {
  return schedule(path, { kind: 'write', content });
}

/**
 * Removes `path` and any temporary file of it, in turn with writes to it: a write that runs
 * finishes first and a write that waits is dropped (its caller resolves with the removal), so
 * nothing reappears after the removal.
 */
export function removeFileAtomic(path: string): Promise<void> {
  return schedule(path, { kind: 'remove' });
}

/**
 * Removes temporary files a crash left in `dir` (all of them, or only those of the file named
 * `targetName`), except those this process is writing now. Answers how many were removed.
 */
export async function removeStaleTempFiles(dir: string, targetName?: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const stale = names.filter(
    (name) =>
      isTempName(name) &&
      (targetName === undefined || name.startsWith(`${targetName}.`)) &&
      !activeTemps.has(join(dir, name)),
  );
  await Promise.all(stale.map((name) => rm(join(dir, name), { force: true })));
  return stale.length;
}

/** True for a name {@link writeFileAtomic} gives its temporary files. */
export function isTempName(name: string): boolean {
  return /\.[0-9a-f]{16}\.tmp$/.test(name);
}

function schedule(given: string, operation: Operation): Promise<void> {
  // One queue per file, however the caller spelled its path.
  const path = resolvePath(given);
  const state = paths.get(path);
  if (!state) {
    const running = perform(path, operation);
    track(path, running);
    return running;
  }
  return new Promise<void>((resolve, reject) => {
    // Coalesce: the newest operation replaces the queued one, and its waiters wait for ours.
    const waiters = [...(state.next?.waiters ?? []), { resolve, reject }];
    state.next = { operation, waiters };
  });
}

/** Keeps the queue of `path` moving after `running` settles, and forgets idle paths. */
function track(path: string, running: Promise<void>): void {
  const state: PathState = { running };
  paths.set(path, state);
  const advance = (): void => {
    const next = state.next;
    if (!next) {
      paths.delete(path);
      return;
    }
    const following = perform(path, next.operation);
    following.then(
      () => next.waiters.forEach((w) => w.resolve()),
      (error: unknown) => next.waiters.forEach((w) => w.reject(error)),
    );
    track(path, following);
  };
  // The caller of `running` sees its outcome; here only the turn of the next one matters.
  running.then(advance, advance);
}

async function perform(path: string, operation: Operation): Promise<void> {
  if (operation.kind === 'remove') {
    await rm(path, { force: true });
    await removeStaleTempFiles(dirname(path), basename(path));
    await syncFolder(dirname(path));
    return;
  }
  const bytes =
    typeof operation.content === 'function' ? await operation.content() : operation.content;
  await withTemp(path, bytes, (temp) => renameOver(temp, path));
  await syncFolder(dirname(path));
}

/**
 * Writes `bytes` to a new temporary file beside `path` and fsyncs it, off the event loop, then
 * hands its name to `place`, which puts it where it belongs (a rename). If `place` throws, the
 * temporary file is removed and the error goes on. `place` runs as soon as the file is on
 * disk, so what it does before its first `await` follows the write with nothing in between.
 *
 * SECURITY: created exclusively with mode 0600, never widened.
 */
export async function withTemp(
  path: string,
  bytes: Uint8Array,
  place: (temp: string) => void | Promise<void>,
): Promise<void> {
  const temp = `${path}.${randomBytes(8).toString('hex')}${TEMP_SUFFIX}`;
  activeTemps.add(temp);
  try {
    // 'wx': a name nobody else holds; 0o600 before the first byte, so it is never readable.
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      // The data must be on disk before the rename makes it the file's content.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await place(temp);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    activeTemps.delete(temp);
  }
}

/**
 * Renames `from` over `to` (or to where nothing is). On Windows a virus scanner or indexer that
 * holds either file open makes the rename fail for a moment; that is retried briefly, as
 * write-file-atomic does.
 */
export function renameOver(from: string, to: string): Promise<void> {
  return whileHeldOnWindows(() => rename(from, to));
}

/**
 * Removes the file at `path` (nothing when there is none). Windows refuses to delete a file
 * another handle holds open, as a virus scanner, an indexer or a database's helper process
 * may for a moment; that is retried briefly. Elsewhere a file is removed open or not.
 */
export function removeFile(path: string): Promise<void> {
  return whileHeldOnWindows(() => rm(path, { force: true }));
}

/**
 * Runs `op` and answers what it answers; runs it again after a growing pause (0.9 s in all)
 * while Windows says the file is held. Each try is a fresh call of `op`.
 */
export async function whileHeldOnWindows<T>(op: () => T | Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await op();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      const held = process.platform === 'win32' && ['EPERM', 'EACCES', 'EBUSY'].includes(code);
      if (!held || attempt >= 10) throw error;
      await delay(attempt * 20);
    }
  }
}

/**
 * fsyncs a folder so a rename or removal in it survives a power cut. Windows cannot open a
 * folder for this, and some file systems refuse to fsync one; the rename has happened either
 * way, so those refusals are not failures of the write. A folder that does not exist (a
 * removal where nothing was ever written) has nothing to make durable.
 */
export async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!['EINVAL', 'ENOTSUP', 'EPERM', 'EISDIR', 'ENOENT'].includes(code ?? '')) {
      throw error;
    }
  } finally {
    await handle?.close();
  }
}
