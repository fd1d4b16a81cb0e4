import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  pendingRevocationFiles,
  QUICK_REVOCATION,
  REVOKE_PATH,
  readStoredTokens,
  tokensActive,
} from '../../../e2e/support/harness/auth-harness';
import { signInAndAllow } from '../../../e2e/support/harness/chromium-opener';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';
import { Settings } from '../store/settings';
import type { TokenSet } from './token-set';

/**
 * Forgetting a school: one last try at its pending revocation, then nothing of it is kept
 * (registration, metadata, the recent entry), and a school never signed in to caches nothing.
 */

const h = useAuthHarness({}, { behaviour: signInAndAllow() });
afterEach(async () => {
  await h.control('/reset');
});

/** Whether the school still takes the set's refresh and access tokens, in that order. */
const bothActive = (set: TokenSet) => tokensActive(h.platform.url, set);

describe('forget this school', () => {
  it('removes its registration, metadata, recent entry and pending revocation after one last try', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-core-'));
    const settings = new Settings(dataDir);
    const wiped: string[] = [];
    const { auth } = h.service({
      dataDir,
      settings,
      revocationPolicy: QUICK_REVOCATION,
      wipeSchoolData: (schoolId) => void wiped.push(schoolId),
    });
    const session = await auth.signIn(h.platform.url, ['courses:read']);
    const tokens = await readStoredTokens(dataDir);
    await h.control('/faults', { rate: 1, kind: '500', pathPrefix: REVOKE_PATH });
    await auth.signOut(session.schoolId);
    await h.control('/faults', { off: true });
    expect(settings.registration(session.schoolId)).toBeDefined();
    expect(settings.cachedMetadata(h.platform.url)).toBeDefined();
    expect(auth.recentSchools()).toEqual([h.platform.url]);

    expect(await auth.forgetSchool(`${h.platform.url}/`)).toEqual({
      schoolIds: [session.schoolId],
      revoked: true,
    });
    expect(await bothActive(tokens)).toEqual([false, false]);
    expect(settings.registration(session.schoolId)).toBeUndefined();
    expect(settings.cachedMetadata(h.platform.url)).toBeUndefined();
    expect(auth.recentSchools()).toEqual([]);
    expect(await auth.pendingRevocations()).toEqual([]);
    expect(pendingRevocationFiles(dataDir)).toEqual([]);
    expect(wiped).toEqual([session.schoolId, session.schoolId]);
  });

  it('a school whose sign-in failed leaves no metadata cached; a signed-in one keeps its own', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-core-'));
    const settings = new Settings(dataDir);
    const { auth } = h.service({ dataDir, settings });
    // The attempt fails after discovery: the school's token endpoint fails the exchange.
    const failExchange = { rate: 1, kind: '500', pathPrefix: '/api/oauth/token' };
    await h.control('/faults', failExchange);
    await expect(auth.signIn(h.platform.url, ['courses:read'])).rejects.toMatchObject({
      code: 'token_failed',
    });
    expect(settings.cachedMetadata(h.platform.url)).toBeUndefined();

    await h.control('/faults', { off: true });
    await auth.signIn(h.platform.url, ['courses:read']);
    await h.control('/faults', failExchange);
    await expect(auth.signIn(h.platform.url, ['courses:read'])).rejects.toMatchObject({
      code: 'token_failed',
    });
    expect(settings.cachedMetadata(h.platform.url)).toBeDefined();
  });
});
