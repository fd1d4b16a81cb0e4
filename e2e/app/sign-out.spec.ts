import { test, expect, screenshot } from '../support/app-fixtures';
import { signInToWorkspace } from '../support/workspace-flow';

async function introspect(platformUrl: string, clientId: string, token: string): Promise<boolean> {
  const response = await fetch(`${platformUrl}/api/oauth/introspect`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: clientId }),
  });
  return ((await response.json()) as { active: boolean }).active;
}

async function control(platformUrl: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${platformUrl}/__control${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

test.describe('sign-out the school does not confirm (#14 §2)', () => {
  test.afterEach(async ({ platform }) => {
    await control(platform.url, '/reset', {});
  });

  test('says so plainly, shows what is pending until the school confirms, and Forget removes everything', async ({
    page,
    app,
    platform,
  }) => {
    await signInToWorkspace(page, app, platform.url, { preset: 'Read only' });
    const { accessToken, refreshToken, clientId } = await app.tokens();
    await control(platform.url, '/faults', {
      rate: 1,
      kind: '500',
      pathPrefix: '/api/oauth/revoke',
    });

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();

    // Back on Connect: the sign-out's own answer, then what is still pending.
    await expect(page.getByLabel('School address')).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Signed out on this computer' }),
    ).toHaveText(
      'Signed out on this computer. The school has not yet confirmed that Schooldesk’s access is cancelled; Schooldesk will try again when it starts.',
    );
    const pending = page.getByRole('region', { name: 'Access not yet cancelled' });
    await expect(pending).toContainText(
      `${platform.url} has not yet confirmed that Schooldesk’s access is cancelled`,
    );
    await screenshot(page, 'sign-out-pending');
    // Signed out for good: no session came back while the sign-out ran.
    await expect(page.getByRole('button', { name: 'Back to your schools' })).toBeHidden();
    expect(
      await page.evaluate(async () => {
        const current = await window.schooldesk.session.current();
        return current.ok ? current.data.sessions.length : -1;
      }),
    ).toBe(0);
    expect(await introspect(platform.url, clientId, refreshToken!)).toBe(true);

    // The school answers again; forgetting the school tries once more, then removes it all.
    await control(platform.url, '/faults', { off: true });
    await page.getByRole('button', { name: `Forget ${platform.url}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Forget ${platform.url}?` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Forget' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Schooldesk forgot' })).toHaveText(
      `Schooldesk forgot ${platform.url}.`,
    );
    await expect(pending).toBeHidden();
    await expect(page.getByRole('group', { name: 'Recent schools' })).toBeHidden();
    expect(await introspect(platform.url, clientId, refreshToken!)).toBe(false);
    expect(await introspect(platform.url, clientId, accessToken)).toBe(false);
  });
});
