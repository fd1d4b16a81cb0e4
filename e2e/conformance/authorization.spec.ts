import { test, expect, getJson } from '../support/fixtures';
import {
  exchangeCode,
  loopbackCallback,
  OWNER,
  STAFF,
  redirectFromBrowser,
  signIn,
  prepareAuthorization,
  ownerAllows,
} from '../support/oauth-flow';

test.describe('authorization endpoint', () => {
  test('PKCE login in Chromium gives a code with iss (RFC 9207), and unchecked scopes are not granted', async ({
    signInAs,
    platform,
  }) => {
    const { tokens } = await signInAs({
      scope: 'openid profile email courses:read courses:write coupons:read',
      decline: ['courses:write', 'email'],
    });
    expect(tokens.scope?.split(' ').sort()).toEqual([
      'coupons:read',
      'courses:read',
      'openid',
      'profile',
    ]);
    const me = await getJson(`${platform.url}/api/oauth/userinfo`, tokens.access_token);
    expect(me.status).toBe(200);
    expect(me.body.email).toBeUndefined();
    expect(me.body.name).toBe('Olivia Owner');
  });

  test('the login page has Email, Password and Sign in; consent shows the client name and one checked box per scope', async ({
    page,
    platform,
    loopback,
  }) => {
    const { attempt } = await prepareAuthorization(
      platform.url,
      loopback.redirectUri,
      'openid courses:read pages:write',
      {
        client: {
          client_name: 'Consent Screen Check',
        },
      },
    );
    await page.goto(attempt.url.href);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await signIn(page, OWNER.email, OWNER.password);
    await expect(page.getByText('Consent Screen Check').first()).toBeVisible();
    for (const scope of ['openid', 'courses:read', 'pages:write']) {
      await expect(page.getByRole('checkbox', { name: scope, exact: true })).toBeChecked();
    }
    await expect(page.getByRole('button', { name: 'Allow' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deny' })).toBeVisible();
  });

  test('a wrong password keeps the user on the login page with a plain message', async ({
    page,
    platform,
    loopback,
  }) => {
    const { attempt } = await prepareAuthorization(platform.url, loopback.redirectUri, 'openid');
    await page.goto(attempt.url.href);
    await signIn(page, OWNER.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(/do not match/);
    await expect(page.getByLabel('Password')).toBeVisible();
  });

  test('staff may grant only :read scopes; the others are disabled with a reason', async ({
    page,
    platform,
    loopback,
  }) => {
    const { as, client, attempt } = await prepareAuthorization(
      platform.url,
      loopback.redirectUri,
      'openid courses:read courses:write',
      {
        params: {
          resource: platform.url,
        },
      },
    );
    const callback = await redirectFromBrowser(page, attempt.url, loopback, async (p) => {
      await signIn(p, STAFF.email, STAFF.password);
      const write = p.getByRole('checkbox', { name: 'courses:write', exact: true });
      await expect(write).toBeDisabled();
      await expect(write).toHaveAccessibleDescription(/read access/);
      await expect(p.getByRole('checkbox', { name: 'courses:read', exact: true })).toBeEnabled();
      await p.getByRole('button', { name: 'Allow' }).click();
    });
    const tokens = await exchangeCode(as, client, attempt, callback);
    expect(tokens.scope?.split(' ').sort()).toEqual(['courses:read', 'openid']);
  });

  test('Deny answers access_denied on the redirect, with iss and state', async ({
    page,
    platform,
    loopback,
  }) => {
    const { attempt } = await prepareAuthorization(
      platform.url,
      loopback.redirectUri,
      'openid courses:read',
    );
    const callback = await redirectFromBrowser(page, attempt.url, loopback, async (p) => {
      await signIn(p, OWNER.email, OWNER.password);
      await p.getByRole('button', { name: 'Deny' }).click();
    });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('iss')).toBe(platform.url);
    expect(callback.searchParams.get('state')).toBe(attempt.state);
    expect(callback.searchParams.get('code')).toBeNull();
  });

  test('an unknown scope answers invalid_scope, with iss', async ({ page, platform, loopback }) => {
    const { attempt } = await prepareAuthorization(
      platform.url,
      loopback.redirectUri,
      'openid courses:read grades:read',
    );
    const callback = await redirectFromBrowser(page, attempt.url, loopback);
    expect(callback.searchParams.get('error')).toBe('invalid_scope');
    expect(callback.searchParams.get('iss')).toBe(platform.url);
  });

  for (const [name, change] of [
    ['plain', (u: URL) => u.searchParams.set('code_challenge_method', 'plain')],
    [
      'missing',
      (u: URL) => (
        u.searchParams.delete('code_challenge'),
        u.searchParams.delete('code_challenge_method')
      ),
    ],
  ] as const) {
    test(`a ${name} PKCE challenge answers invalid_request, with iss`, async ({
      page,
      platform,
      loopback,
    }) => {
      const { attempt } = await prepareAuthorization(platform.url, loopback.redirectUri, 'openid');
      change(attempt.url);
      const callback = await redirectFromBrowser(page, attempt.url, loopback);
      expect(callback.searchParams.get('error')).toBe('invalid_request');
      expect(callback.searchParams.get('iss')).toBe(platform.url);
    });
  }

  test('a native client may use any loopback port at authorization time (RFC 8252 §7.3)', async ({
    page,
    platform,
    loopback,
  }) => {
    const registeredPort = new URL(loopback.redirectUri).port;
    const other = await loopbackCallback();
    try {
      expect(new URL(other.redirectUri).port).not.toBe(registeredPort);
      const { as, client, attempt } = await prepareAuthorization(
        platform.url,
        loopback.redirectUri,
        'openid courses:read',
        { redirectUri: other.redirectUri },
      );
      const callback = await redirectFromBrowser(page, attempt.url, other, ownerAllows);
      expect(callback.searchParams.get('code')).toBeTruthy();
      const tokens = await exchangeCode(as, client, attempt, callback);
      expect(tokens.access_token).toBeTruthy();
    } finally {
      await other.close();
    }
  });

  test('an unregistered path is not redirected to', async ({ page, platform, loopback }) => {
    const elsewhere = loopback.redirectUri.replace('/callback', '/elsewhere');
    const { attempt } = await prepareAuthorization(platform.url, loopback.redirectUri, 'openid', {
      redirectUri: elsewhere,
    });
    await page.goto(attempt.url.href);
    await expect(page.getByRole('alert')).toContainText(/redirect_uri/);
  });
});
