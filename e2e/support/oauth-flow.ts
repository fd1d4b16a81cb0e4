import * as oauth from 'oauth4webapi';
import type { Page } from '@playwright/test';

/** oauth4webapi refuses http:// unless told; the stand-in only speaks loopback http. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

/**
 * Discovery of the stand-in through oauth4webapi (a third-party client): RFC 8414 by default,
 * or OpenID Connect discovery, which also names the userinfo endpoint.
 */
export async function discover(
  baseUrl: string,
  algorithm: 'oauth2' | 'oidc' = 'oauth2',
): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(baseUrl);
  const response = await oauth.discoveryRequest(issuer, { algorithm, ...insecure });
  return oauth.processDiscoveryResponse(issuer, response);
}

/** A native public client registered through RFC 7591. */
export async function registerClient(
  as: oauth.AuthorizationServer,
  redirectUri: string,
  extra: Record<string, unknown> = {},
): Promise<oauth.Client> {
  const response = await oauth.dynamicClientRegistrationRequest(
    as,
    {
      client_name: 'Conformance client',
      application_type: 'native',
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'none',
      ...extra,
    },
    insecure,
  );
  return oauth.processDynamicClientRegistrationResponse(response);
}

/** What one authorization attempt needs to remember. */
export type AuthorizationAttempt = {
  url: URL;
  state: string;
  codeVerifier: string;
  redirectUri: string;
};

/** Builds an authorization request with PKCE S256 and a fresh state. */
export async function authorizationRequest(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  redirectUri: string,
  scope: string,
  extra: Record<string, string> = {},
): Promise<AuthorizationAttempt> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: redirectUri,
    scope,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  }).toString();
  return { url, state, codeVerifier, redirectUri };
}

/**
 * Opens `url` in the browser and returns the URL the server finally redirects to at
 * `redirectUri` (the loopback callback, answered by Playwright so no port is needed).
 * `interact` runs the login and consent steps in between.
 */
export async function redirectFromBrowser(
  page: Page,
  url: URL,
  redirectUri: string,
  interact: (page: Page) => Promise<void> = async () => {},
): Promise<URL> {
  const callback = new URL(redirectUri);
  const prefix = `${callback.origin}${callback.pathname}`;
  const landed = new Promise<URL>((resolve) => {
    void page.route(
      (u) => u.href.startsWith(prefix),
      async (route) => {
        resolve(new URL(route.request().url()));
        await route.fulfill({ contentType: 'text/plain', body: 'You can close this tab.' });
      },
    );
  });
  await page.goto(url.href);
  await interact(page);
  return landed;
}

/** Fills the stand-in's login form. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in and answers the consent page, unchecking `decline` first. */
export function signInAndAllow(email: string, password: string, decline: string[] = []) {
  return async (page: Page): Promise<void> => {
    await signIn(page, email, password);
    await page.getByRole('button', { name: 'Allow' }).waitFor();
    for (const scope of decline) await page.getByLabel(scope, { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Allow' }).click();
  };
}

export const OWNER = { email: 'owner@demo.school', password: 'demo-owner' } as const;
export const STAFF = { email: 'staff@demo.school', password: 'demo-staff' } as const;

/** Exchanges the code of a validated callback, with the same redirect URI and verifier. */
export async function exchangeCode(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  attempt: AuthorizationAttempt,
  callback: URL,
  extra: Record<string, string> = {},
): Promise<oauth.TokenEndpointResponse> {
  const params = oauth.validateAuthResponse(as, client, callback, attempt.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    attempt.redirectUri,
    attempt.codeVerifier,
    { ...insecure, additionalParameters: extra },
  );
  return oauth.processAuthorizationCodeResponse(as, client, response);
}
