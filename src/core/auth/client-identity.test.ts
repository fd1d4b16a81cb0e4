import { describe, expect, it } from 'vitest';
import { startPlatform, type RunningPlatform } from '../../../e2e/platform/server';
import { countOf, readStoredTokens } from '../../../e2e/support/harness/auth-harness';
import { signInAndAllow } from '../../../e2e/support/harness/chromium-opener';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';

const h = useAuthHarness({}, { behaviour: signInAndAllow() });

describe('client identity and sign-out', () => {
  it('registers once per issuer and reuses the registration (warm sign-in skips discovery too)', async () => {
    const { auth, progress } = h.service();
    await h.control('/reset');
    await auth.signIn(h.platform.url, ['courses:read']);
    await auth.signIn(h.platform.url, ['courses:read']);
    expect(await countOf(h.platform.url, 'POST /api/oauth/register')).toBe(1);
    expect(await countOf(h.platform.url, 'GET /.well-known/oauth-protected-resource')).toBe(1);
    expect(progress.filter((p) => p.step === 'registering')).toHaveLength(1);
  });

  it('uses a client metadata document only where the server advertises support', async () => {
    const documentUrl = 'https://schooldesk.example/oauth/client-metadata.json';
    const withCimd: RunningPlatform = await startPlatform({
      students: 0,
      clientIdMetadataDocuments: true,
    });
    try {
      for (const [school, expectDocument] of [
        [withCimd.url, true],
        [h.platform.url, false],
      ] as const) {
        const controller = new AbortController();
        let authorizationUrl = '';
        const { auth } = h.service({
          clientMetadataDocumentUrl: documentUrl,
          onProgress: (event) => {
            // Only the request matters here: stop before a browser opens.
            if (event.step === 'waiting_for_browser') {
              authorizationUrl = event.authorizationUrl;
              controller.abort();
            }
          },
        });
        await auth.signIn(school, ['courses:read'], controller.signal).catch(() => {});
        const clientId = new URL(authorizationUrl).searchParams.get('client_id');
        expect(clientId === documentUrl, school).toBe(expectDocument);
      }
    } finally {
      await withCimd.close();
    }
  });

  it('reports a revocation the school did not confirm, and signs out locally all the same', async () => {
    const wiped: string[] = [];
    const { auth } = h.service({
      wipeSchoolData: (school) => void wiped.push(school),
      revocationPolicy: { baseDelayMs: 10, maxDelayMs: 20 },
    });
    const session = await auth.signIn(h.platform.url, ['courses:read']);
    await h.control('/faults', { rate: 1, kind: '503', pathPrefix: '/api/oauth/revoke' });
    try {
      const result = await auth.signOut(session.schoolId);
      expect(result).toMatchObject({ revoked: false, error: { code: 'revocation_pending' } });
    } finally {
      await h.control('/reset');
    }
    expect(wiped).toEqual([session.schoolId]);
    expect(await auth.signedIn()).toEqual([]);
  });

  it('refuses a profile that names another account (subject_mismatch)', async () => {
    // A real network path that swaps the account in the userinfo answer, as a compromised
    // proxy would.
    const swapping: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = String(input instanceof Request ? input.url : input);
      if (!url.endsWith('/api/oauth/userinfo')) return response;
      const body = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...body, sub: 'someone-else' }), {
        status: response.status,
        headers: { 'content-type': 'application/json' },
      });
    };
    const { auth } = h.service({ fetch: swapping });
    await expect(auth.signIn(h.platform.url, ['profile'])).rejects.toMatchObject({
      code: 'subject_mismatch',
    });
    expect(await auth.signedIn()).toEqual([]);
  });

  it('registers anew after invalid_client', async () => {
    const { auth, dataDir, progress } = h.service();
    const session = await auth.signIn(h.platform.url, ['courses:read']);
    const { clientId } = await readStoredTokens(dataDir);
    // The school forgets the app (an admin deleted it): its adapter is the stand-in's store.
    const { adapter } = h.platform.provider.Client as unknown as {
      adapter: { destroy(id: string): Promise<void> };
    };
    await adapter.destroy(clientId);
    await expect(auth.refresh(session.schoolId)).rejects.toMatchObject({ code: 'invalid_client' });
    await auth.signIn(h.platform.url, ['courses:read']);
    expect(progress.filter((p) => p.step === 'registering')).toHaveLength(2);
    expect((await readStoredTokens(dataDir)).clientId).not.toBe(clientId);
  });
});
