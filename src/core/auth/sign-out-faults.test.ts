import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  countOf,
  pendingRevocationFiles,
  QUICK_REVOCATION,
  REVOKE_PATH,
  readStoredTokens,
  tokensActive,
} from '../../../e2e/support/harness/auth-harness';
import { signInAndAllow } from '../../../e2e/support/harness/chromium-opener';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';
import { startPlatform } from '../../../e2e/platform/server';
import type { AppEvent } from '../../shared/contract';
import type { Encryptor, LogSink } from '../adapters';
import { createHandlers, handle } from '../handlers';
import { createServices } from '../services';
import { FileKeyEncryptor } from '../store/file-key-encryptor';
import type { AuthService } from './auth-service';
import { OAUTH_LIMITS } from './http-policy';
import type { TokenSet } from './token-set';

/**
 * The sign-out fault suite (#14 §2): revocation answering 500 or 503, dropping the connection
 * or never answering in time. Afterwards the school's introspection shows both tokens
 * inactive, or a pending revocation exists and the next start (a new AuthService, or the app's
 * composition root, on the same folder) finishes it once the fault is lifted.
 */

const h = useAuthHarness({}, { behaviour: signInAndAllow() });
afterEach(async () => {
  await h.control('/reset');
});

const REVOKE_ROUTE = `POST ${REVOKE_PATH}`;

/** Whether the school still takes the set's refresh and access tokens, in that order. */
const bothActive = (set: TokenSet) => tokensActive(h.platform.url, set);

/** Asks the school for new tokens with an old refresh token, as a thief holding it would. */
async function mint(set: TokenSet): Promise<{ status: number; error?: string }> {
  const response = await fetch(`${h.platform.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: set.refreshToken!,
      client_id: set.clientId,
      resource: h.platform.url,
    }),
  });
  const body = (await response.json()) as { error?: string };
  return { status: response.status, ...(body.error ? { error: body.error } : {}) };
}

/** Every line logged, to check that no token reaches a log. */
function recordingLog(lines: string[]): LogSink {
  return {
    info: (m) => void lines.push(m),
    warn: (m) => void lines.push(m),
    error: (m) => void lines.push(m),
  };
}

/** Signs in on a fresh folder (or `dataDir`) and answers the service with its stored tokens. */
async function signedIn(options: Parameters<typeof h.service>[0] = {}) {
  const service = h.service({ revocationPolicy: QUICK_REVOCATION, ...options });
  const session = await service.auth.signIn(h.platform.url, ['courses:read']);
  return { ...service, session, tokens: await readStoredTokens(service.dataDir) };
}

describe('sign-out under faults', () => {
  it('the issue’s reproduction: revocation answers 500, sign-out keeps it pending, the next start finishes it and the old refresh token mints nothing', async () => {
    const lines: string[] = [];
    const { auth, dataDir, session, tokens } = await signedIn({ log: recordingLog(lines) });
    await h.control('/faults', { rate: 1, kind: '500', pathPrefix: REVOKE_PATH });

    const result = await auth.signOut(session.schoolId);
    expect(result).toMatchObject({
      revoked: false,
      pending: true,
      error: { code: 'revocation_pending' },
    });
    expect(result.revoked ? '' : result.error.message).toMatch(
      /^Signed out on this computer\. The school has not yet confirmed/,
    );
    // Both tokens were tried, three times each: the refresh token's failure skipped nothing.
    expect(await countOf(h.platform.url, REVOKE_ROUTE)).toBe(6);
    expect(await auth.signedIn()).toEqual([]);
    expect(await auth.pendingRevocations()).toEqual([
      {
        schoolId: session.schoolId,
        baseUrl: h.platform.url,
        since: expect.any(Number) as number,
        survivesRestart: true,
      },
    ]);
    expect(await bothActive(tokens)).toEqual([true, true]);
    // The pending record is encrypted: no token in plain text on disk.
    const [file] = pendingRevocationFiles(dataDir);
    const stored = readFileSync(join(dataDir, 'revocations', file!)).toString('latin1');
    expect(stored).not.toContain(tokens.refreshToken!.slice(4, 20));
    expect(stored).not.toContain(tokens.accessToken.slice(4, 20));

    // The fault is lifted; the next start (a new AuthService on the same folder) finishes.
    await h.control('/faults', { off: true });
    const next = h.service({
      dataDir,
      revocationPolicy: QUICK_REVOCATION,
      log: recordingLog(lines),
    }).auth;
    expect((await next.pendingRevocations()).map((p) => p.schoolId)).toEqual([session.schoolId]);
    expect(await next.retryPendingRevocations()).toEqual([]);
    expect(pendingRevocationFiles(dataDir)).toEqual([]);
    expect(await bothActive(tokens)).toEqual([false, false]);
    expect(await mint(tokens)).toEqual({ status: 400, error: 'invalid_grant' });
    for (const line of lines) {
      expect(line).not.toContain(tokens.refreshToken!);
      expect(line).not.toContain(tokens.accessToken);
    }
  });

  it('503 twice, then the school answers: the retries revoke both tokens during the sign-out', async () => {
    const { auth, dataDir, session, tokens } = await signedIn();
    await h.control('/faults', { rate: 1, kind: '503', pathPrefix: REVOKE_PATH, count: 2 });
    expect(await auth.signOut(session.schoolId)).toEqual({ revoked: true });
    expect(await countOf(h.platform.url, REVOKE_ROUTE)).toBe(4);
    expect(await bothActive(tokens)).toEqual([false, false]);
    expect(await auth.pendingRevocations()).toEqual([]);
    expect(pendingRevocationFiles(dataDir)).toEqual([]);
  });

  it('the refresh token’s revocation failing never skips the access token’s', async () => {
    const { auth, dataDir, session, tokens } = await signedIn();
    // Every attempt for the refresh token fails; the access token's first attempt succeeds.
    await h.control('/faults', { rate: 1, kind: '500', pathPrefix: REVOKE_PATH, count: 3 });
    const result = await auth.signOut(session.schoolId);
    expect(result).toMatchObject({ revoked: false, pending: true });
    expect(await countOf(h.platform.url, REVOKE_ROUTE)).toBe(4);
    // The stand-in (oidc-provider) revokes the whole grant with either token.
    expect(await bothActive(tokens)).toEqual([false, false]);
    // Only the refresh token is left pending; the school confirms it at the next start.
    const next = h.service({ dataDir, revocationPolicy: QUICK_REVOCATION }).auth;
    await h.control('/reset');
    expect(await next.retryPendingRevocations()).toEqual([]);
    expect(await countOf(h.platform.url, REVOKE_ROUTE)).toBe(1);
  });

  it('dropped connections: pending, and the next start finishes it', async () => {
    const { auth, dataDir, session, tokens } = await signedIn();
    await h.control('/faults', { rate: 1, kind: 'drop', pathPrefix: REVOKE_PATH });
    expect(await auth.signOut(session.schoolId)).toMatchObject({ revoked: false, pending: true });
    expect(await countOf(h.platform.url, REVOKE_ROUTE)).toBe(6);
    expect(await bothActive(tokens)).toEqual([true, true]);

    await h.control('/faults', { off: true });
    const next = h.service({ dataDir, revocationPolicy: QUICK_REVOCATION }).auth;
    expect(await next.retryPendingRevocations()).toEqual([]);
    expect(await bothActive(tokens)).toEqual([false, false]);
  });

  it('timeouts: each attempt has its deadline, at most two per token wait it out, then pending', async () => {
    const quickDeadline = {
      ...QUICK_REVOCATION,
      limits: { ...OAUTH_LIMITS, answerMs: 300, totalMs: 1_000 },
    };
    // Counted as they leave: the stand-in counts a request only once it has answered.
    let sent = 0;
    const counting: typeof fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith(REVOKE_PATH)) sent += 1;
      return fetch(input, init);
    };
    const { auth, dataDir, session, tokens } = await signedIn({
      revocationPolicy: quickDeadline,
      fetch: counting,
    });
    await h.control('/latency', { ms: 3_000, pathPrefix: REVOKE_PATH });
    const result = await auth.signOut(session.schoolId);
    expect(result).toMatchObject({ revoked: false, pending: true });
    expect(sent).toBe(4);

    await h.control('/latency', { ms: 0 });
    const next = h.service({ dataDir, revocationPolicy: QUICK_REVOCATION }).auth;
    expect(await next.retryPendingRevocations()).toEqual([]);
    expect(await bothActive(tokens)).toEqual([false, false]);
  });

  it('a final refusal (invalid_client) is not retried, leaves nothing pending, and says so', async () => {
    const { auth, dataDir, session, tokens } = await signedIn();
    // The school forgets the app (an admin deleted it): its adapter is the stand-in's store.
    const { adapter } = h.platform.provider.Client as unknown as {
      adapter: { destroy(id: string): Promise<void> };
    };
    await adapter.destroy(tokens.clientId);
    const result = await auth.signOut(session.schoolId);
    expect(result).toMatchObject({
      revoked: false,
      pending: false,
      error: { code: 'revocation_refused' },
    });
    expect(result.revoked ? '' : result.error.detail).toContain('invalid_client');
    expect(result.revoked ? '' : result.error.message).not.toContain('invalid_client');
    // One attempt per token: trying again would not help.
    expect(await countOf(h.platform.url, REVOKE_ROUTE)).toBe(2);
    expect(await auth.pendingRevocations()).toEqual([]);
    expect(pendingRevocationFiles(dataDir)).toEqual([]);
  });

  it('without a keyring the pending revocation stays in memory, and the owner is told it cannot survive a quit', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-core-'));
    const keyed = new FileKeyEncryptor(join(dataDir, 'keys', 'session.key'));
    // safeStorage's basic_text: the encryption protects nothing, so nothing goes to disk.
    const basicText = {
      protection: 'basic_text' as const,
      encrypt: (plain: Buffer) => keyed.encrypt(plain),
      decrypt: (blob: Buffer) => keyed.decrypt(blob),
    };
    const { auth } = h.service({
      dataDir,
      encryptor: basicText,
      revocationPolicy: QUICK_REVOCATION,
    });
    const session = await auth.signIn(h.platform.url, ['courses:read']);
    await h.control('/faults', { rate: 1, kind: '503', pathPrefix: REVOKE_PATH });
    expect(await auth.signOut(session.schoolId)).toMatchObject({
      revoked: false,
      pending: true,
      error: { code: 'revocation_pending_memory' },
    });
    expect(await auth.pendingRevocations()).toMatchObject([{ survivesRestart: false }]);
    expect(pendingRevocationFiles(dataDir)).toEqual([]);
    // Still retried while the app runs.
    await h.control('/faults', { off: true });
    expect(await auth.retryPendingRevocations()).toEqual([]);
  });
});

describe('the bridge’s answer to a sign-out the school did not confirm', () => {
  /** The app's composition root on a fresh folder, signed in, and its bridge's sign-out. */
  async function bridgeSignOut(fault: (dataDir: string) => Promise<unknown>) {
    const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-core-'));
    const services = createServices({
      dataDir,
      encryptor: new FileKeyEncryptor(join(dataDir, 'keys', 'session.key')),
      browser: h.browser,
      emit: () => undefined,
    });
    const session = await services.auth.signIn(h.platform.url, ['courses:read']);
    await fault(dataDir);
    const handlers = createHandlers(services);
    const answer = await handle(
      handlers,
      'session:signOut',
      { schoolId: session.schoolId },
      { trustedSender: true },
    );
    await services.schools.closeAll();
    return answer;
  }

  // A code the renderer words in the owner's language; no English sentence crosses the bridge.
  it('is a code: revocation_pending while the school fails', async () => {
    const answer = await bridgeSignOut(() =>
      h.control('/faults', { rate: 1, kind: '500', pathPrefix: REVOKE_PATH }),
    );
    expect(answer).toEqual({
      ok: true,
      data: { revoked: false, pending: true, code: 'revocation_pending' },
    });
  });

  it('is a code: revocation_refused when the school refuses for good', async () => {
    const answer = await bridgeSignOut(async (dataDir) => {
      // The school forgets the app (an admin deleted it): its adapter is the stand-in's store.
      const { adapter } = h.platform.provider.Client as unknown as {
        adapter: { destroy(id: string): Promise<void> };
      };
      await adapter.destroy((await readStoredTokens(dataDir)).clientId);
    });
    expect(answer).toEqual({
      ok: true,
      data: { revoked: false, pending: false, code: 'revocation_refused' },
    });
  });
});

describe('pending revocations are finished', () => {
  it('when a sign-out of another school runs', async () => {
    const other = await startPlatform({ students: 0 });
    try {
      let cleared!: () => void;
      const allConfirmed = new Promise<void>((resolve) => (cleared = resolve));
      const built: { auth?: AuthService } = {};
      const service = h.service({
        revocationPolicy: QUICK_REVOCATION,
        onPendingRevocationsChanged: () =>
          void built.auth?.pendingRevocations().then((left) => {
            if (left.length === 0) cleared();
          }),
      });
      const { auth } = service;
      built.auth = auth;
      const first = await auth.signIn(h.platform.url, ['courses:read']);
      const tokens = await readStoredTokens(service.dataDir);
      await h.control('/faults', { rate: 1, kind: '500', pathPrefix: REVOKE_PATH });
      expect(await auth.signOut(first.schoolId)).toMatchObject({ pending: true });
      await h.control('/faults', { off: true });

      const second = await auth.signIn(other.url, ['pages:read']);
      expect(await auth.signOut(second.schoolId)).toEqual({ revoked: true });
      await allConfirmed;
      expect(await bothActive(tokens)).toEqual([false, false]);
    } finally {
      await other.close();
    }
  });

  it('at the next start of the app, in the background (createServices)', async () => {
    const { auth, dataDir, session, tokens } = await signedIn();
    await h.control('/faults', { rate: 1, kind: '500', pathPrefix: REVOKE_PATH });
    expect(await auth.signOut(session.schoolId)).toMatchObject({ pending: true });
    await h.control('/faults', { off: true });

    const events: AppEvent[] = [];
    let seen!: () => void;
    const changed = new Promise<void>((resolve) => (seen = resolve));
    const services = createServices({
      dataDir,
      encryptor: new FileKeyEncryptor(join(dataDir, 'keys', 'session.key')),
      browser: h.browser,
      emit: (event) => {
        events.push(event);
        if (event.type === 'session:changed') seen();
      },
    });
    await changed;
    expect(await services.auth.pendingRevocations()).toEqual([]);
    expect(await bothActive(tokens)).toEqual([false, false]);
    await services.schools.closeAll();
  });
});

describe('sign-out leaves nothing behind', () => {
  it('a listing of sessions that was reading while the school signed out does not bring it back', async () => {
    const { dataDir, session } = await signedIn();
    const real = new FileKeyEncryptor(join(dataDir, 'keys', 'session.key'));
    // The first decrypt is held until released: a listing that started before the sign-out.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    let reading!: () => void;
    const listingReads = new Promise<void>((resolve) => (reading = resolve));
    const gated: Encryptor = {
      protection: 'keyring',
      encrypt: (plain) => real.encrypt(plain),
      decrypt: async (blob) => {
        const opened = await real.decrypt(blob);
        if (!held) {
          held = true;
          reading();
          await released;
        }
        return opened;
      },
    };
    // The next start: nothing in memory yet, so the listing reads the disk.
    const { auth } = h.service({ dataDir, encryptor: gated, revocationPolicy: QUICK_REVOCATION });
    const listing = auth.signedIn();
    await listingReads;
    expect(await auth.signOut(session.schoolId)).toEqual({ revoked: true });
    release();
    await listing;
    expect(await auth.signedIn()).toEqual([]);
    await expect(auth.session(session.schoolId)).rejects.toMatchObject({ code: 'not_signed_in' });
  });
});
