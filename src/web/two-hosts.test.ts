import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readStoredTokens } from '../../e2e/support/harness/auth-harness';
import { signInAndAllow } from '../../e2e/support/harness/chromium-opener';
import { useAuthHarness } from '../../e2e/support/harness/use-harness';
import type { AppEvent } from '../shared/contract';
import { hostText } from '../core/host';

/**
 * One owner per data folder, with real processes: web hosts started as `npm run web` starts
 * them (src/web/cli.ts), on one folder, against the stand-in. The test plays the page: it
 * holds the per-run secret and calls the bridge as the web bridge does.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Every host this file started, killed at the end whatever happened. */
const hosts: HostProcess[] = [];
const READY = /^Schooldesk ready at (http:\/\/127\.0\.0\.1:\d+)\/#(\S+)$/;
const IN_USE = (pid: number) => hostText('en').t('terminal.folderInUse', { pid: String(pid) });

type HostProcess = {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  exited: Promise<number | null>;
};

/** `npm run web -- --data <dataDir> --no-browser`, as its own Node process (through tsx). */
function spawnHost(dataDir: string): HostProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/web/cli.ts', '--data', dataDir, '--no-browser'],
    // The terminal's words follow its locale; these checks read the English ones.
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'en_US.UTF-8' },
    },
  );
  const stdout: string[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => stdout.push(line));
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const host = { child, stdout, stderr, exited };
  hosts.push(host);
  return host;
}

/** The bridge of a running host, as the page sees it: calls, and the event stream. */
type Bridge = {
  pid: number;
  call<T>(channel: string, request: unknown): Promise<T>;
  /** Resolves with the first event, past or future, that `test` accepts (or fails in 60 s). */
  event<E extends AppEvent>(test: (event: AppEvent) => event is E): Promise<E>;
  stop(): void;
};

async function startHost(dataDir: string): Promise<Bridge & { host: HostProcess }> {
  const host = spawnHost(dataDir);
  const [, url, secret] = await new Promise<RegExpExecArray>((resolve, reject) => {
    const lines = createInterface({ input: host.child.stdout! });
    lines.on('line', (line) => {
      const match = READY.exec(line);
      if (match) resolve(match);
    });
    void host.exited.then((code) =>
      reject(new Error(`the host exited with ${code}:\n${host.stderr.join('\n')}`)),
    );
  });
  const headers = { 'content-type': 'application/json', 'x-schooldesk-secret': secret! };
  const seen: AppEvent[] = [];
  const waiters = new Set<() => void>();
  const abort = new AbortController();
  const stream = await fetch(`${url}/bridge/events`, { headers, signal: abort.signal });
  void (async () => {
    let buffer = '';
    try {
      for await (const chunk of stream.body!.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((l) => l.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) seen.push(JSON.parse(data.slice(6)) as AppEvent);
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // The host stopped (or was killed): the stream ends.
    }
  })();
  return {
    host,
    pid: host.child.pid!,
    async call<T>(channel: string, request: unknown): Promise<T> {
      const response = await fetch(`${url}/bridge/${channel}`, {
        method: 'POST',
        headers: { ...headers, origin: url! },
        body: JSON.stringify(request),
      });
      const result = (await response.json()) as
        { ok: true; data: T } | { ok: false; error: { code: string } };
      if (!result.ok) throw new Error(`${channel}: ${result.error.code}`);
      return result.data;
    },
    event<E extends AppEvent>(test: (event: AppEvent) => event is E): Promise<E> {
      return new Promise<E>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          const last = seen.slice(-5).map((e) => JSON.stringify(e));
          reject(new Error(`no such event within 60 s; the last ones:\n${last.join('\n')}`));
        }, 60_000);
        const check = () => {
          const found = seen.find(test);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      });
    },
    stop: () => abort.abort(),
  };
}

/** Every file under the folder's sessions, with its bytes: what a refused host must not touch. */
function sessionFiles(dataDir: string): Record<string, string> {
  const dir = join(dataDir, 'sessions');
  return Object.fromEntries(
    readdirSync(dir).map((name) => [name, readFileSync(join(dir, name)).toString('base64')]),
  );
}

const h = useAuthHarness();
const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-two-hosts-'));
afterAll(async () => {
  for (const host of hosts) if (host.child.exitCode === null) host.child.kill('SIGKILL');
  await Promise.all(hosts.map((host) => host.exited));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two web hosts on one data folder', () => {
  it('refuses the second, keeps the first signed in, and frees the folder of a killed host', async () => {
    // The first host, signed in through the link its page shows.
    const first = await startHost(dataDir);
    const started = await first.call<{ attemptId: string; authorizationUrl?: string }>(
      'session:signIn',
      { school: h.platform.url, scopes: ['courses:read'] },
    );
    const { attemptId } = started;
    // The page gets the real link: in the answer, or with the waiting_for_browser step.
    const authorizationUrl =
      started.authorizationUrl ??
      (
        (await first.event(
          (e): e is Extract<AppEvent, { type: 'signIn:progress' }> =>
            e.type === 'signIn:progress' && e.attemptId === attemptId && 'authorizationUrl' in e,
        )) as { authorizationUrl?: string }
      ).authorizationUrl!;
    h.browser.behaviour = signInAndAllow();
    await h.browser.open(authorizationUrl);
    const finished = await first.event(
      (e): e is Extract<AppEvent, { type: 'signIn:finished' }> =>
        (e.type === 'signIn:finished' || e.type === 'signIn:failed') && e.attemptId === attemptId,
    );
    expect(finished.type).toBe('signIn:finished');
    const { schoolId } = finished.session;

    // --no-browser printed the link masked: its state and PKCE challenge stayed off stdout.
    const link = new URL(authorizationUrl);
    const printed = first.host.stdout.join('\n');
    expect(printed).toContain('Sign in with the link shown on');
    expect(printed).toContain('state=[redacted]');
    expect(printed).not.toContain(link.searchParams.get('state')!);
    expect(printed).not.toContain(link.searchParams.get('code_challenge')!);

    // The school's local copy opens on its first use (as the workspace does); its first sync ends.
    await first.call('sync:status', { schoolId });
    const synced = await first.event(
      (e): e is Extract<AppEvent, { type: 'sync:status' }> =>
        e.type === 'sync:status' &&
        e.status.lastSyncedAt !== undefined &&
        e.status.activity === undefined,
    );

    // A second host on the folder exits with the sentence, touching none of its sessions.
    const before = sessionFiles(dataDir);
    const second = spawnHost(dataDir);
    const outcome = await Promise.race([
      second.exited.then((code) => `exited with ${code}`),
      new Promise<string>((resolve) =>
        createInterface({ input: second.child.stdout! }).on('line', (line) => {
          if (READY.test(line)) resolve('started');
        }),
      ),
    ]);
    expect(outcome).toBe('exited with 1');
    expect(second.stderr).toContain(IN_USE(first.pid));
    expect(sessionFiles(dataDir)).toEqual(before);

    // The first keeps working past an expired access token: its refresh is its own.
    const stored = await readStoredTokens(dataDir);
    await h.control(`/clients/${stored.clientId}/expire-tokens`);
    const lastSyncedAt = synced.status.lastSyncedAt!;
    await first.call('sync:now', { schoolId });
    const again = await first.event(
      (e): e is Extract<AppEvent, { type: 'sync:status' }> =>
        e.type === 'sync:status' &&
        (e.status.lastSyncedAt ?? 0) > lastSyncedAt &&
        e.status.activity === undefined,
    );
    expect(again.status.reachability).toBe('online');
    // It refreshed (the sync met the expired token), and the school took its refresh token.
    const refreshed = await readStoredTokens(dataDir);
    expect(refreshed.accessToken).not.toBe(stored.accessToken);
    expect(refreshed.refreshToken).not.toBe(stored.refreshToken);
    const list = await first.call<{ rows: unknown[]; totalCount: number }>('courses:list', {
      schoolId,
      limit: 5,
    });
    expect(list.rows.length).toBeGreaterThan(0);
    const current = await first.call<{ sessions: { schoolId: string }[] }>('session:current', {});
    expect(current.sessions.map((s) => s.schoolId)).toEqual([schoolId]);

    // Killed outright, the first leaves its lock behind; the next host starts all the same,
    // signed in.
    first.stop();
    first.host.child.kill('SIGKILL');
    await first.host.exited;
    expect(existsSync(join(dataDir, 'folder.lock'))).toBe(true);
    const third = await startHost(dataDir);
    const after = await third.call<{ sessions: { schoolId: string }[] }>('session:current', {});
    expect(after.sessions.map((s) => s.schoolId)).toEqual([schoolId]);

    // Stopped politely, it gives the folder up.
    third.stop();
    third.host.child.kill('SIGTERM');
    expect(await third.host.exited).toBe(0);
    expect(existsSync(join(dataDir, 'folder.lock'))).toBe(false);
  }, 180_000);
});
