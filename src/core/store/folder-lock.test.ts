import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderError } from './data-folder';
import { FolderInUseError, lockDataFolder, type FolderLock } from './folder-lock';

const dirs: string[] = [];
const held: FolderLock[] = [];

afterEach(async () => {
  for (const lock of held.splice(0)) await lock.release();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-folder-lock-'));
  dirs.push(dir);
  return join(dir, 'data');
}

async function take(dataDir: string): Promise<FolderLock> {
  const lock = await lockDataFolder(dataDir, {
    onCompromised: (error) => {
      throw error;
    },
  });
  held.push(lock);
  return lock;
}

/** The pid of a process that has exited: a lock it left behind has no owner any more. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}

/**
 * A real zombie: a process that has exited but whose parent has not reaped it. `sh` starts a
 * child, prints its pid, and becomes `sleep`, which never waits for it. The child outlives
 * the exec (a moment), or `sh` itself might reap it first. Answers its pid, and a way to end
 * the parent (then init reaps it).
 */
async function zombie(): Promise<{ pid: number; end(): Promise<void> }> {
  const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 60'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [line] = (await once(parent.stdout, 'data')) as [Buffer];
  const pid = Number(line.toString().trim());
  // The child is a zombie once it has exited; /proc says so (state Z).
  for (let tries = 0; tries < 100 && processState(pid) !== 'Z'; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const exited = once(parent, 'exit');
  return { pid, end: async () => void (parent.kill(), await exited) };
}

/** The state letter of a process in /proc (Linux), after its name, which may hold spaces. */
function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0];
  } catch {
    return undefined;
  }
}

/** Leaves a lock as a process that was killed would: the lock folder and its owner record. */
async function leaveLock(dataDir: string, owner: object | undefined): Promise<void> {
  mkdirSync(join(dataDir, 'folder.lock'), { recursive: true });
  if (owner) await writeFile(join(dataDir, 'folder-owner.json'), JSON.stringify(owner));
}

describe('the data folder lock', () => {
  it('refuses a second owner, naming the process that holds the folder', async () => {
    const dataDir = folder();
    await take(dataDir);
    const owner = JSON.parse(readFileSync(join(dataDir, 'folder-owner.json'), 'utf8')) as {
      pid: number;
    };
    expect(owner.pid).toBe(process.pid);

    const second = take(dataDir);
    await expect(second).rejects.toBeInstanceOf(FolderInUseError);
    // The holder, as a code and a number: the hosts word it from their catalogs.
    await expect(second).rejects.toMatchObject({ code: 'folder_in_use', pid: process.pid });
    await expect(second).rejects.not.toThrow(/This data folder/);
  });

  it('is free again once released', async () => {
    const dataDir = folder();
    const first = await take(dataDir);
    await first.release();
    expect(existsSync(join(dataDir, 'folder.lock'))).toBe(false);
    expect(existsSync(join(dataDir, 'folder-owner.json'))).toBe(false);
    await expect(take(dataDir)).resolves.toBeDefined();
  });

  it('takes over at once a fresh lock whose process is gone', async () => {
    const dataDir = folder();
    await leaveLock(dataDir, { pid: await deadPid(), hostname: hostname() });
    await take(dataDir);
    const owner = JSON.parse(readFileSync(join(dataDir, 'folder-owner.json'), 'utf8')) as {
      pid: number;
    };
    expect(owner.pid).toBe(process.pid);
  });

  it.runIf(process.platform === 'linux')(
    'takes over at once a lock whose process is a zombie (exited, not yet reaped)',
    async () => {
      const dataDir = folder();
      const dead = await zombie();
      try {
        expect(processState(dead.pid)).toBe('Z');
        await leaveLock(dataDir, { pid: dead.pid, hostname: hostname() });
        await take(dataDir);
        const owner = JSON.parse(readFileSync(join(dataDir, 'folder-owner.json'), 'utf8')) as {
          pid: number;
        };
        expect(owner.pid).toBe(process.pid);
      } finally {
        await dead.end();
      }
    },
  );

  it('keeps a fresh lock of another computer, which it cannot check', async () => {
    const dataDir = folder();
    const pid = await deadPid();
    await leaveLock(dataDir, { pid, hostname: `${hostname()}-elsewhere` });
    await expect(take(dataDir)).rejects.toMatchObject({ code: 'folder_in_use', pid });
  });

  it('refuses a fresh lock without an owner record, without naming a process', async () => {
    const dataDir = folder();
    await leaveLock(dataDir, undefined);
    const refused = take(dataDir);
    await expect(refused).rejects.toMatchObject({ code: 'folder_in_use', pid: undefined });
    await expect(refused).rejects.not.toThrow(/This data folder/);
  });

  it('takes over a lock nobody refreshed for longer than the stale time', async () => {
    const dataDir = folder();
    await leaveLock(dataDir, { pid: 1, hostname: `${hostname()}-elsewhere` });
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(join(dataDir, 'folder.lock'), longAgo, longAgo);
    await expect(take(dataDir)).resolves.toBeDefined();
  });
});

describe('a data folder that is not as Schooldesk makes it', () => {
  it.each([
    ['fresh', new Date()],
    ['older than the stale time', new Date(Date.now() - 60_000)],
  ])('is refused, naming the path, when its lock is a plain file (%s)', async (_, mtime) => {
    const dataDir = folder();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'folder.lock'), '');
    utimesSync(join(dataDir, 'folder.lock'), mtime, mtime);
    const taken = take(dataDir);
    await expect(taken).rejects.toBeInstanceOf(DataFolderError);
    await expect(taken).rejects.toMatchObject({
      code: 'not_a_folder',
      path: join(dataDir, 'folder.lock'),
    });
    // Nothing was read or written: no owner record, the file left as it was.
    expect(existsSync(join(dataDir, 'folder-owner.json'))).toBe(false);
    expect(statSync(join(dataDir, 'folder.lock')).isFile()).toBe(true);
  });

  it('is refused when the data folder itself is a file', async () => {
    const dataDir = folder();
    mkdirSync(join(dataDir, '..'), { recursive: true });
    writeFileSync(dataDir, '');
    await expect(take(dataDir)).rejects.toMatchObject({ code: 'not_a_folder', path: dataDir });
  });

  it.runIf(process.platform !== 'win32')(
    'is made private (0700) when others could open it, and says so',
    async () => {
      const dataDir = folder();
      mkdirSync(dataDir, { recursive: true });
      chmodSync(dataDir, 0o777);
      const lock = await take(dataDir);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(lock.narrowed).toBe(true);
      await lock.release();
      expect((await take(dataDir)).narrowed).toBe(false);
    },
  );

  // Only root can give a folder to another user; elsewhere this cannot be set up.
  it.runIf(process.getuid?.() === 0)(
    'is refused, untouched, when another user owns it',
    async () => {
      const dataDir = folder();
      mkdirSync(dataDir, { recursive: true, mode: 0o755 });
      chownSync(dataDir, 65534, 65534);
      await expect(take(dataDir)).rejects.toMatchObject({
        code: 'folder_not_yours',
        path: dataDir,
      });
      expect(statSync(dataDir).mode & 0o777).toBe(0o755);
      expect(existsSync(join(dataDir, 'folder.lock'))).toBe(false);
    },
  );
});
