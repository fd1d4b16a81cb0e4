import { describe, expect, it } from 'vitest';
import { readStoredTokens } from '../../../e2e/support/harness/auth-harness';
import { signInAndAllow, STAFF } from '../../../e2e/support/harness/chromium-opener';
import { OWNER_ID } from '../../../e2e/support/harness/client-harness';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';

const h = useAuthHarness();

/** The course's name on the school, and how many PATCHes of courses it has served. */
async function onSchool(id: string): Promise<{ name: string; patches: number }> {
  const minted = await h.control('/tokens', { accountId: OWNER_ID, scopes: ['courses:read'] });
  const { accessToken } = (await minted.json()) as { accessToken: string };
  const response = await fetch(new URL(`/api/v1/courses/${id}`, h.platform.url), {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const counters = (await (await fetch(`${h.platform.url}/__control/counters`)).json()) as {
    byRoute: Record<string, { total: number }>;
  };
  return {
    name: ((await response.json()) as { name: string }).name,
    patches: counters.byRoute['PATCH /api/v1/courses/:id']?.total ?? 0,
  };
}

describe('unsent edits belong to the account that made them', () => {
  it('another account signed in to the school neither sees nor sends them, and is told they wait', async () => {
    const { services, dataDir } = h.services();
    try {
      h.browser.behaviour = signInAndAllow();
      const owner = await services.auth.signIn(h.platform.url, ['courses:read', 'courses:write']);
      const school = owner.schoolId;
      const data = await services.schools.for(school);
      const course = (await data.list('courses', { limit: 1, sort: 'name' })).rows[0]!;
      const { etag } = await data.get('courses', course.id);
      await h.control('/faults', { rate: 1, kind: 'drop', pathPrefix: '/api/v1/' });
      await data.update('courses', course.id, { name: "The owner's edit" }, { etag: etag! });
      expect((await services.schools.outboxStatus(school)).count).toBe(1);

      // The owner's session ends: the school revokes the app, and the refresh is refused.
      const { clientId } = await readStoredTokens(dataDir);
      await h.control(`/clients/${clientId}/expire-tokens`);
      await h.control(`/clients/${clientId}/revoke-tokens`);
      await h.control('/faults', { off: true });
      await services.schools.retry(school);
      // Ended: the school refused the refresh, so this computer holds no session for it.
      await expect
        .poll(async () => (await services.auth.signedIn()).length, { timeout: 20_000 })
        .toBe(0);
      const before = await onSchool(course.id);

      // A staff member signs in to the same school on this computer.
      await h.browser.signOutOfBrowser();
      h.browser.behaviour = signInAndAllow(STAFF);
      const staff = await services.auth.signIn(h.platform.url, ['courses:read']);
      expect(staff.schoolId).toBe(school);
      expect(staff.sub).not.toBe(owner.sub);
      const status = await services.schools.outboxStatus(school);
      expect(status).toMatchObject({ count: 0, otherAccount: { count: 1 } });
      expect(await services.schools.outboxEntries(school)).toEqual([]);
      // The staff member's view is the school's, not the owner's unsent edit.
      const seen = await (await services.schools.for(school)).get('courses', course.id);
      expect(seen.record.name).toBe(before.name);
      await services.schools.retry(school);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await onSchool(course.id)).toEqual(before);

      // The staff member leaves them and signs out: they stay for their account.
      await services.auth.signOut(school);
      await h.browser.signOutOfBrowser();
      h.browser.behaviour = signInAndAllow();
      await services.auth.signIn(h.platform.url, ['courses:read', 'courses:write']);
      expect(await services.schools.outboxStatus(school)).toMatchObject({ count: 1 });
      await services.schools.retry(school);
      await expect
        .poll(async () => (await onSchool(course.id)).name, { timeout: 20_000 })
        .toBe("The owner's edit");
    } finally {
      await services.schools.closeAll();
    }
  }, 90_000);
});
