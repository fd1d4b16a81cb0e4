import { test as base, expect } from '@playwright/test';
import type * as oauth from 'oauth4webapi';
import { startPlatform, type RunningPlatform } from '../platform/server';
import {
  exchangeCode,
  loopbackCallback,
  OWNER,
  redirectFromBrowser,
  signInAndAllow,
  prepareAuthorization,
  type LoopbackCallback,
} from './oauth-flow';

/** A signed-in third-party client: its metadata, registration and first token response. */
export type Session = {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  tokens: oauth.TokenEndpointResponse;
};

type SignInOptions = {
  scope: string;
  account?: { email: string; password: string };
  decline?: string[];
};

type Fixtures = {
  /** A loopback listener for this test's authorization redirect. */
  loopback: LoopbackCallback;
  /** Signs in through the browser (login + consent in Chromium) with a fresh client. */
  signInAs: (options: SignInOptions) => Promise<Session>;
};

type WorkerFixtures = {
  platform: RunningPlatform;
  /**
   * True for a file that leaves thousands of records on its stand-in (an import of 5,000
   * students): it runs in a worker of its own, with a stand-in of its own. In the shared one,
   * every later spec's first sync would fetch and store them too; with 5,300 students in place
   * of 300, nine record and workspace specs took 70 s in place of 52.
   */
  ownStandIn: boolean;
};

/**
 * One stand-in per worker, started in-process on an ephemeral port with the control API on
 * and rate limits off (tests that need limits set them through the control API).
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  // A worker option: Playwright runs the files that set it in workers apart from the rest.
  ownStandIn: [false, { scope: 'worker', option: true }],
  platform: [
    // Its own or the shared one: either way one per worker (see ownStandIn).
    async ({ ownStandIn: _ }, use) => {
      const platform = await startPlatform({ control: true, students: 300, rateLimit: null });
      await use(platform);
      await platform.close();
    },
    { scope: 'worker' },
  ],
  // Playwright reads the fixture's dependencies from the destructuring pattern, even when empty.
  // eslint-disable-next-line no-empty-pattern
  loopback: async ({}, use) => {
    const callback = await loopbackCallback();
    await use(callback);
    await callback.close();
  },
  signInAs: async ({ page, platform }, use) => {
    const listeners: LoopbackCallback[] = [];
    await use(async ({ scope, account = OWNER, decline = [] }) => {
      const loopback = await loopbackCallback();
      listeners.push(loopback);
      const { as, client, attempt } = await prepareAuthorization(
        platform.url,
        loopback.redirectUri,
        scope,
        {
          params: {
            resource: platform.url,
          },
          algorithm: 'oidc',
        },
      );
      const callback = await redirectFromBrowser(
        page,
        attempt.url,
        loopback,
        signInAndAllow(account.email, account.password, decline),
      );
      const tokens = await exchangeCode(as, client, attempt, callback);
      return { as, client, tokens };
    });
    await Promise.all(listeners.map((listener) => listener.close()));
  },
});

export { expect };

/** GET with an optional bearer token; answers status, headers and parsed JSON. */
export async function getJson(url: string, token?: string) {
  const response = await fetch(url, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as Record<string, unknown>,
  };
}

/** POST of a form or JSON body; answers status and parsed JSON. */
export async function post(url: string, body: Record<string, string> | object, form = false) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form
      ? new URLSearchParams(body as Record<string, string>).toString()
      : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = { raw: text };
  }
  return { status: response.status, headers: response.headers, body: json };
}
