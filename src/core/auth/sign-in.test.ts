import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStoredTokens } from '../../../e2e/support/harness/auth-harness';
import { signInAndAllow, STAFF } from '../../../e2e/support/harness/chromium-opener';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';
import { startPlatform } from '../../../e2e/platform/server';
import { isAuthError } from './errors';
import { ScopeRequiredError } from './authorized-request';
import type { TokenSet } from './token-set';

const h = useAuthHarness();

async function introspect(set: TokenSet, token: string): Promise<{ active: boolean }> {
  const response = await fetch(`${h.platform.url}/api/oauth/introspect`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: set.clientId }),
  });
  return (await response.json()) as { active: boolean };
}

/** Every file below `dir`, recursively. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

describe('sign-in core against the stand-in', () => {
  it('signs in, calls the API, refreshes, steps up from read to write, and signs out with both tokens inactive', async () => {
    const { auth, dataDir, progress } = h.service();
    h.browser.behaviour = signInAndAllow();
    const session = await auth.signIn(h.platform.url, ['profile', 'email', 'courses:read']);
    expect(session).toMatchObject({
      issuer: h.platform.url,
      name: 'Olivia Owner',
      email: 'owner@demo.school',
      role: 'owner',
    });
    expect(session.scopes.sort()).toEqual(['courses:read', 'email', 'openid', 'profile']);
    // The browser's opening is told when the opener answers, whichever step comes by then.
    const steps = progress.map((p) => p.step);
    expect(steps).toContain('browser_opened');
    expect(steps.filter((step) => step !== 'browser_opened')).toEqual([
      'discovering',
      'registering',
      'waiting_for_browser',
      'exchanging',
      'signed_in',
    ]);
    expect(JSON.stringify(session)).not.toContain((await readStoredTokens(dataDir)).accessToken);

    const courses = await auth.request(
      session.schoolId,
      new URL('/api/v1/courses', h.platform.url),
    );
    expect(courses.status).toBe(200);
    // The token is never sent to another origin, even one on the same machine.
    await expect(
      auth.request(session.schoolId, new URL('http://127.0.0.1:9/steal')),
    ).rejects.toMatchObject({
      code: 'insecure_endpoint',
    });

    const before = await readStoredTokens(dataDir);
    await auth.refresh(session.schoolId);
    const after = await readStoredTokens(dataDir);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);

    // Step-up: a write needs courses:write; the user agrees and the session gets the union.
    const asked: string[][] = [];
    const created = await auth.request(
      session.schoolId,
      new URL('/api/v1/courses', h.platform.url),
      {
        method: 'POST',
        headers: new Headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ name: 'Stepped up', slug: 'stepped-up' }),
        onScopeRequired: (missing) => {
          asked.push(missing);
          return Promise.resolve(true);
        },
      },
    );
    expect(asked).toEqual([['courses:write']]);
    expect(created.status).toBe(201);
    expect((await auth.session(session.schoolId)).scopes).toEqual(
      expect.arrayContaining(['courses:read', 'courses:write']),
    );

    const last = await readStoredTokens(dataDir);
    const result = await auth.signOut(session.schoolId);
    expect(result).toEqual({ revoked: true });
    expect((await introspect(last, last.refreshToken!)).active).toBe(false);
    expect((await introspect(last, last.accessToken)).active).toBe(false);
    expect(await auth.signedIn()).toEqual([]);
    await expect(auth.session(session.schoolId)).rejects.toMatchObject({ code: 'not_signed_in' });
  });

  it('reports missing scopes when the user does not agree to step up', async () => {
    const { auth } = h.service();
    h.browser.behaviour = signInAndAllow();
    const session = await auth.signIn(h.platform.url, ['courses:read']);
    const error = await auth
      .request(session.schoolId, new URL('/api/v1/students', h.platform.url), {
        onScopeRequired: () => Promise.resolve(false),
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScopeRequiredError);
    expect((error as ScopeRequiredError).missingScopes).toEqual(['students:read']);
  });

  it('caps step-ups when the grant never covers the scope (staff cannot grant writes)', async () => {
    await h.browser.signOutOfBrowser();
    const { auth } = h.service();
    h.browser.behaviour = signInAndAllow(STAFF);
    const session = await auth.signIn(h.platform.url, ['courses:read']);
    let asked = 0;
    const error = await auth
      .request(session.schoolId, new URL('/api/v1/courses', h.platform.url), {
        method: 'POST',
        headers: new Headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ name: 'Never', slug: 'never' }),
        onScopeRequired: () => Promise.resolve(++asked > 0),
      })
      .catch((e: unknown) => e);
    expect(isAuthError(error, 'step_up_limit')).toBe(true);
    expect(asked).toBe(2);
    await h.browser.signOutOfBrowser();
  });

  it('keeps granted scopes from the token response when the user declines some', async () => {
    const { auth } = h.service();
    h.browser.behaviour = signInAndAllow(undefined, ['coupons:read']);
    const session = await auth.signIn(h.platform.url, ['courses:read', 'coupons:read']);
    expect(session.scopes.sort()).toEqual(['courses:read', 'openid']);
  });

  it('never writes a token to disk in plain text', async () => {
    const { auth, dataDir } = h.service();
    h.browser.behaviour = signInAndAllow();
    await auth.signIn(h.platform.url, ['courses:read']);
    const set = await readStoredTokens(dataDir);
    const needles = [set.accessToken.slice(5, 17), set.refreshToken!.slice(5, 17)];
    for (const file of filesBelow(dataDir)) {
      const content = readFileSync(file).toString('latin1');
      for (const needle of needles) expect(content.includes(needle), file).toBe(false);
    }
    expect(statSync(join(dataDir, 'keys', 'session.key')).mode & 0o777).toBe(0o600);
  });

  it('keeps one session per school: signing in to a second school keeps the first', async () => {
    const second = await startPlatform({ students: 0 });
    try {
      const { auth } = h.service();
      h.browser.behaviour = signInAndAllow();
      const first = await auth.signIn(h.platform.url, ['courses:read']);
      const other = await auth.signIn(second.url, ['pages:read']);
      expect(new Set((await auth.signedIn()).map((s) => s.issuer))).toEqual(
        new Set([first.issuer, other.issuer]),
      );
      expect(
        (await auth.request(first.schoolId, new URL('/api/v1/courses', h.platform.url))).status,
      ).toBe(200);
      expect(
        (await auth.request(other.schoolId, new URL('/api/v1/pages', second.url))).status,
      ).toBe(200);
      await auth.signOut(other.schoolId);
      expect((await auth.signedIn()).map((s) => s.issuer)).toEqual([first.issuer]);
    } finally {
      await second.close();
    }
  });
});
