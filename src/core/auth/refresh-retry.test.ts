import { afterEach, describe, expect, it } from 'vitest';
import { countOf, readStoredTokens } from '../../../e2e/support/harness/auth-harness';
import { signInAndAllow } from '../../../e2e/support/harness/chromium-opener';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';

const h = useAuthHarness({}, { behaviour: signInAndAllow() });
afterEach(async () => {
  await h.control('/reset');
});

const TOKEN = 'POST /api/oauth/token';
const coursesUrl = () => new URL('/api/v1/courses?perPage=1', h.platform.url);

/** A signed-in service whose access token the school has just expired. */
async function expiredSession() {
  const service = h.service();
  const session = await service.auth.signIn(h.platform.url, ['courses:read']);
  const before = await readStoredTokens(service.dataDir);
  await h.control(`/clients/${before.clientId}/expire-tokens`);
  await h.control('/reset');
  return { ...service, session, before };
}

describe('a refresh the school fails for a moment', () => {
  it('is retried after 5xx answers, and the GET that needed it succeeds', async () => {
    const { auth, dataDir, session, before } = await expiredSession();
    await h.control('/faults', {
      rate: 1,
      kinds: ['500', '503'],
      pathPrefix: '/api/oauth/token',
      count: 2,
    });
    const response = await auth.request(session.schoolId, coursesUrl());
    expect(response.status).toBe(200);
    expect(await countOf(h.platform.url, TOKEN)).toBe(3);
    expect((await readStoredTokens(dataDir)).refreshToken).not.toBe(before.refreshToken);
  });

  it('is retried after a dropped connection', async () => {
    const { auth, session } = await expiredSession();
    await h.control('/faults', { rate: 1, kind: 'drop', pathPrefix: '/api/oauth/token', count: 1 });
    await expect(auth.refresh(session.schoolId)).resolves.toMatchObject({
      schoolId: session.schoolId,
    });
    expect(await countOf(h.platform.url, TOKEN)).toBe(2);
  });

  it('gives up after three attempts and keeps the tokens for later', async () => {
    const { auth, session } = await expiredSession();
    await h.control('/faults', { rate: 1, kind: '500', pathPrefix: '/api/oauth/token' });
    await expect(auth.request(session.schoolId, coursesUrl())).rejects.toMatchObject({
      code: 'token_failed',
    });
    expect(await countOf(h.platform.url, TOKEN)).toBe(3);
    await h.control('/reset');
    expect((await auth.signedIn()).map((s) => s.schoolId)).toEqual([session.schoolId]);
    expect((await auth.request(session.schoolId, coursesUrl())).status).toBe(200);
  });

  it('never retries invalid_grant', async () => {
    const { auth, session, before } = await expiredSession();
    await h.control(`/clients/${before.clientId}/revoke-tokens`);
    await expect(auth.refresh(session.schoolId)).rejects.toMatchObject({ code: 'invalid_grant' });
    expect(await countOf(h.platform.url, TOKEN)).toBe(1);
    expect(await auth.signedIn()).toEqual([]);
  });
});

describe('a refresh still out when the owner signs out', () => {
  it('does not bring the session back when it answers', async () => {
    // The real fetch, telling when a token request leaves once `onTokenRequest` is set.
    let onTokenRequest: (() => void) | undefined;
    const { auth, dataDir } = h.service({
      fetch: (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes('/api/oauth/token'))
          onTokenRequest?.();
        return fetch(input, init);
      },
    });
    const session = await auth.signIn(h.platform.url, ['courses:read']);
    await h.control(`/clients/${(await readStoredTokens(dataDir)).clientId}/expire-tokens`);
    // The refresh is held at the school; the revocation fails, so the grant stays alive and
    // the refresh does succeed there, after the sign-out.
    await h.control('/latency', { ms: 1_500, pathPrefix: '/api/oauth/token' });
    await h.control('/faults', { rate: 1, kind: '500', pathPrefix: '/api/oauth/revoke' });
    const sent = new Promise<void>((resolve) => (onTokenRequest = resolve));
    const refresh = auth.refresh(session.schoolId).catch((e: unknown) => e);
    await sent;
    const signOut = auth.signOut(session.schoolId);
    await expect(refresh).resolves.toMatchObject({ code: 'not_signed_in' });
    await signOut;
    expect(await auth.signedIn()).toEqual([]);
  });
});
