import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** A loopback listener that catches one authorization response, as a native app would. */
export type LoopbackCallback = {
  redirectUri: string;
  /** The full callback URL of the first request on the path. */
  landed: Promise<URL>;
  close(): Promise<void>;
};

/** Listens on 127.0.0.1 on a free port for the authorization redirect. */
export async function loopbackCallback(path = '/callback'): Promise<LoopbackCallback> {
  let reached: (url: URL) => void = () => {};
  const landed = new Promise<URL>((resolve) => (reached = resolve));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    if (url.pathname !== path) {
      response.writeHead(404).end();
      return;
    }
    reached(url);
    response.writeHead(200, { 'content-type': 'text/plain' }).end('You can close this tab.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}${path}`,
    landed,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A discovered server, a freshly registered client and its authorization request. */
export type PreparedAuthorization = {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  attempt: AuthorizationAttempt;
};

/**
 * Discovers the stand-in, registers a client for `registeredUri` and builds an authorization
 * request for `scope`. `redirectUri` defaults to the registered one; `params` add to the query.
 */
export async function prepareAuthorization(
  baseUrl: string,
  registeredUri: string,
  scope: string,
  options: {
    client?: Record<string, unknown>;
    params?: Record<string, string>;
    redirectUri?: string;
    algorithm?: 'oauth2' | 'oidc';
  } = {},
): Promise<PreparedAuthorization> {
  const as = await discover(baseUrl, options.algorithm);
  const client = await registerClient(as, registeredUri, options.client);
  const redirectUri = options.redirectUri ?? registeredUri;
  const attempt = await authorizationRequest(as, client, redirectUri, scope, options.params);
  return { as, client, attempt };
}

/** Signs in as the school owner and allows everything asked. */
export const ownerAllows = (page: Page): Promise<void> =>
  signInAndAllow(OWNER.email, OWNER.password)(page);

/**
 * Opens `url` in the browser, runs `interact` (login and consent), and returns the URL the
 * server finally redirected to at the loopback callback.
 */
export async function redirectFromBrowser(
  page: Page,
  url: URL,
  callback: LoopbackCallback,
  interact: (page: Page) => Promise<void> = async () => {},
): Promise<URL> {
  await page.goto(url.href);
  await interact(page);
  return callback.landed;
}

/** Fills the stand-in's login form. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in when the school asks (a browser still signed in goes straight to consent) and
 * waits for the consent page.
 */
export async function reachConsent(page: Page, email: string, password: string): Promise<void> {
  const allow = page.getByRole('button', { name: 'Allow' });
  await page.getByLabel('Email', { exact: true }).or(allow).waitFor();
  if (await page.getByLabel('Email', { exact: true }).isVisible())
    await signIn(page, email, password);
  await allow.waitFor();
}

/** Signs in and answers the consent page, unchecking `decline` first. */
export function signInAndAllow(email: string, password: string, decline: string[] = []) {
  return async (page: Page): Promise<void> => {
    await reachConsent(page, email, password);
    for (const scope of decline) await page.getByLabel(scope, { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Allow' }).click();
  };
}

export const OWNER = { email: 'owner@demo.school', password: 'demo-owner' } as const;
export const STAFF = { email: 'staff@demo.school', password: 'demo-staff' } as const;

/**
 * Sends the token request for a callback (validated first: state and iss), with the same
 * redirect URI and verifier, authenticating as `clientAuth`. Answers the raw response.
 */
export function codeGrantRequest(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  attempt: AuthorizationAttempt,
  callback: URL,
  clientAuth: oauth.ClientAuth = oauth.None(),
  extra: Record<string, string> = {},
): Promise<Response> {
  const params = oauth.validateAuthResponse(as, client, callback, attempt.state);
  return oauth.authorizationCodeGrantRequest(
    as,
    client,
    clientAuth,
    params,
    attempt.redirectUri,
    attempt.codeVerifier,
    { ...insecure, additionalParameters: extra },
  );
}

/** Exchanges the code of a callback as a public client and processes the token response. */
export async function exchangeCode(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  attempt: AuthorizationAttempt,
  callback: URL,
  extra: Record<string, string> = {},
): Promise<oauth.TokenEndpointResponse> {
  const response = await codeGrantRequest(as, client, attempt, callback, oauth.None(), extra);
  return oauth.processAuthorizationCodeResponse(as, client, response);
}
