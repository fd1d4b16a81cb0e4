import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredTokens } from '../../../e2e/support/harness/auth-harness';
import { signInAndAllow, STAFF } from '../../../e2e/support/harness/chromium-opener';
import {
  devLoginAs,
  startSharedServer,
  type SharedServer,
} from '../../../e2e/support/harness/shared-server';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';
import { isAuthError } from './errors';

/**
 * A school is its authorization server and its API together (issue #14 §4): two schools on one
 * server are two sessions, a hostile school that names another school's server gets nothing of
 * it, and a sign-in or step-up that comes back as someone else replaces nothing.
 */
const h = useAuthHarness({ students: 0 });
let shared: SharedServer | undefined;
afterEach(async () => {
  await shared?.close();
  shared = undefined;
  await h.browser.signOutOfBrowser();
});

/** Each school's registration, as the settings file keeps it (no secret in it). */
function registrations(dataDir: string): Record<string, { clientId: string }> {
  const settings = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as {
    registrations: Record<string, { clientId: string }>;
  };
  return settings.registrations;
}

describe('two schools on one authorization server', () => {
  it('are signed in side by side, each with its own registration, token and API', async () => {
    shared = await startSharedServer({ schools: 2 });
    const [first, second] = shared.schools as [string, string];
    const { auth, dataDir } = h.service();
    h.browser.behaviour = devLoginAs('alice');
    const a = await auth.signIn(first, ['things:read']);
    await h.browser.signOutOfBrowser();
    const b = await auth.signIn(second, ['things:read']);

    expect(a.issuer).toBe(b.issuer);
    expect(a.schoolId).not.toBe(b.schoolId);
    expect((await auth.signedIn()).map((s) => s.schoolId).sort()).toEqual(
      [a.schoolId, b.schoolId].sort(),
    );
    const clients = registrations(dataDir);
    expect(clients[a.schoolId]?.clientId).toBeDefined();
    expect(clients[b.schoolId]?.clientId).toBeDefined();
    expect(clients[a.schoolId]?.clientId).not.toBe(clients[b.schoolId]?.clientId);

    // Each token opens its own school only (the APIs check the audience by introspection).
    expect((await auth.request(a.schoolId, new URL('/things', first))).status).toBe(200);
    expect((await auth.request(b.schoolId, new URL('/things', second))).status).toBe(200);
    await auth.signOut(b.schoolId);
    expect((await auth.request(a.schoolId, new URL('/things', first))).status).toBe(200);
  });

  it('a hostile school naming that server gets no token, and the real school keeps its session', async () => {
    // The server ignores `resource`: asked for the hostile school, it binds to the real one.
    shared = await startSharedServer({ schools: 1, careless: true });
    const [real] = shared.schools as [string];
    const hostile = await shared.addSchool();
    const { auth, dataDir } = h.service();
    h.browser.behaviour = devLoginAs('alice');
    const session = await auth.signIn(real, ['things:read']);
    const before = await readStoredTokens(dataDir);
    await h.browser.signOutOfBrowser();

    const error = await auth.signIn(hostile, ['things:read']).catch((e: unknown) => e);
    expect(isAuthError(error, 'audience_mismatch')).toBe(true);
    expect((await auth.signedIn()).map((s) => s.schoolId)).toEqual([session.schoolId]);
    expect((await readStoredTokens(dataDir)).accessToken).toBe(before.accessToken);
    // The hostile school registered anew: it never used the real school's client.
    const clients = Object.entries(registrations(dataDir));
    expect(clients).toHaveLength(2);
    expect(new Set(clients.map(([, c]) => c.clientId)).size).toBe(2);
  });
});

describe('the account behind a session', () => {
  it('a new sign-in as someone else is refused and the session stays as it was', async () => {
    const { auth, dataDir } = h.service();
    h.browser.behaviour = signInAndAllow();
    const owner = await auth.signIn(h.platform.url, ['courses:read']);
    const before = await readStoredTokens(dataDir);
    await h.browser.signOutOfBrowser();
    h.browser.behaviour = signInAndAllow(STAFF);

    const error = await auth.signIn(h.platform.url, ['courses:read']).catch((e: unknown) => e);
    expect(isAuthError(error, 'account_changed')).toBe(true);
    expect((await auth.session(owner.schoolId)).sub).toBe(owner.sub);
    expect((await readStoredTokens(dataDir)).accessToken).toBe(before.accessToken);
  });

  it('a step-up answered by someone else is refused and the scopes stay as they were', async () => {
    const { auth } = h.service();
    h.browser.behaviour = signInAndAllow();
    const owner = await auth.signIn(h.platform.url, ['courses:read']);
    await h.browser.signOutOfBrowser();
    h.browser.behaviour = signInAndAllow(STAFF);

    const error = await auth
      .request(owner.schoolId, new URL('/api/v1/courses', h.platform.url), {
        method: 'POST',
        headers: new Headers({ 'content-type': 'application/json' }),
        body: JSON.stringify({ name: 'Not yours', slug: 'not-yours' }),
        onScopeRequired: () => Promise.resolve(true),
      })
      .catch((e: unknown) => e);
    expect(isAuthError(error, 'account_changed')).toBe(true);
    const after = await auth.session(owner.schoolId);
    expect(after.sub).toBe(owner.sub);
    expect(after.scopes).toEqual(owner.scopes);
  });
});
