import { describe, expect, it } from 'vitest';
import { countOf, readStoredTokens } from '../../../e2e/support/harness/auth-harness';
import { signInAndAllow } from '../../../e2e/support/harness/chromium-opener';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';

const h = useAuthHarness({}, { behaviour: signInAndAllow() });

const coursesUrl = () => new URL('/api/v1/courses?perPage=1', h.platform.url);

describe('staying signed in', () => {
  it('ten concurrent calls with an expired access token cause exactly one refresh, and the rotated token survives a restart', async () => {
    const { auth, dataDir } = h.service();
    const session = await auth.signIn(h.platform.url, ['courses:read']);
    const before = await readStoredTokens(dataDir);
    await h.control(`/clients/${before.clientId}/expire-tokens`);
    await h.control('/reset');

    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        auth.request(session.schoolId, coursesUrl()).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(Array(10).fill(200));
    expect(await countOf(h.platform.url, 'POST /api/oauth/token')).toBe(1);
    const after = await readStoredTokens(dataDir);
    expect(after.refreshToken).not.toBe(before.refreshToken);

    // A new service on the same folder is the app after a restart: it reads the rotated set.
    const restarted = h.service({ dataDir }).auth;
    expect((await restarted.request(session.schoolId, coursesUrl())).status).toBe(200);
    expect(await countOf(h.platform.url, 'POST /api/oauth/token')).toBe(1);
  });

  it('refreshes before expiry by the clock, once for concurrent callers', async () => {
    let now = Date.now();
    const { auth } = h.service({ clock: { now: () => now } });
    const session = await auth.signIn(h.platform.url, ['courses:read']);
    await h.control('/reset');
    now = session.expiresAt - 1000;
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () =>
        auth.request(session.schoolId, coursesUrl()).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(Array(5).fill(200));
    expect(await countOf(h.platform.url, 'POST /api/oauth/token')).toBe(1);
    expect((await auth.session(session.schoolId)).expiresAt).toBeGreaterThan(now + 60_000);
  });

  it('invalid_grant on refresh means signing in again, and forgets the tokens', async () => {
    const { auth, dataDir } = h.service();
    const session = await auth.signIn(h.platform.url, ['courses:read']);
    const { clientId } = await readStoredTokens(dataDir);
    await h.control(`/clients/${clientId}/revoke-tokens`);
    await expect(auth.refresh(session.schoolId)).rejects.toMatchObject({ code: 'invalid_grant' });
    expect(await auth.signedIn()).toEqual([]);
  });

  it('a network error on refresh keeps the tokens', async () => {
    const { auth } = h.service();
    const session = await auth.signIn(h.platform.url, ['courses:read']);
    await h.control('/faults', { rate: 1, kind: 'drop', pathPrefix: '/api/oauth/token' });
    try {
      await expect(auth.refresh(session.schoolId)).rejects.toMatchObject({ code: 'network_error' });
    } finally {
      await h.control('/reset');
    }
    expect((await auth.signedIn()).map((s) => s.issuer)).toEqual([session.issuer]);
    await expect(auth.refresh(session.schoolId)).resolves.toMatchObject({ issuer: session.issuer });
  });

  it('a token refused again after one refresh asks for a new sign-in', async () => {
    let clientId = '';
    // A real server that invalidates every access token just before the API sees it.
    const hostileFetch: typeof fetch = async (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/api/v1/')) {
        await h.control(`/clients/${clientId}/expire-tokens`);
      }
      return fetch(input, init);
    };
    const { auth, dataDir } = h.service({ fetch: hostileFetch });
    const session = await auth.signIn(h.platform.url, ['courses:read']);
    clientId = (await readStoredTokens(dataDir)).clientId;
    await h.control('/reset');
    await expect(auth.request(session.schoolId, coursesUrl())).rejects.toMatchObject({
      code: 'invalid_grant',
    });
    expect(await countOf(h.platform.url, 'POST /api/oauth/token')).toBe(1);
    expect(await countOf(h.platform.url, 'GET /api/v1/courses')).toBe(2);
  });
});
