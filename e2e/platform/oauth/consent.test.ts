import { request, type APIRequestContext } from '@playwright/test';
import type * as oauth from 'oauth4webapi';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestPlatform } from '../api/testing';
import {
  OWNER,
  authorizationRequest,
  discover,
  exchangeCode,
  registerClient,
} from '../../support/oauth-flow';

// Issue #22 §6.1: what the owner ticks on the consent page is what the grant holds, also for a
// scope unticked before in the same browser session. Driven over real HTTP by Playwright's
// request context, which keeps the school's cookies as a browser would.

/** Registered but never contacted: the test reads the final redirect instead of following it. */
const REDIRECT_URI = 'http://127.0.0.1:8765/callback';
const SCOPE = 'openid courses:read courses:write';

/** One authorization as the owner saw it: the scopes the consent page listed, if it came. */
type Outcome = { consentListed: string[] | undefined; callback: URL };

let platform: TestPlatform;
let browser: APIRequestContext;

beforeAll(async () => {
  platform = await TestPlatform.start();
});
afterAll(async () => {
  await platform?.close();
});
beforeEach(async () => {
  browser = await request.newContext();
});
afterEach(async () => {
  await browser.dispose();
});

/**
 * Runs one authorization in the test's browser: follows the school's redirects, signs in when
 * asked, and answers the consent page with the scopes `tick` returns. A consent page shown
 * twice in one authorization fails the test: the school would keep the owner in a loop.
 */
async function authorize(url: URL, tick: (listed: string[]) => string[]): Promise<Outcome> {
  let consentListed: string[] | undefined;
  let response = await browser.get(url.href, { maxRedirects: 0 });
  for (let step = 0; step < 12; step += 1) {
    const location = response.headers()['location'];
    if (location) {
      const next = new URL(location, response.url());
      if (next.href.startsWith(REDIRECT_URI)) return { consentListed, callback: next };
      response = await browser.get(next.href, { maxRedirects: 0 });
      continue;
    }
    const html = await response.text();
    const action = /action="(\/interaction\/[^"]+\/(login|confirm))"/.exec(html);
    if (action?.[2] === 'login') {
      response = await browser.post(`${platform.url}${action[1]}`, {
        form: { email: OWNER.email, password: OWNER.password },
        maxRedirects: 0,
      });
    } else if (action?.[2] === 'confirm') {
      if (consentListed) throw new Error('The consent page came twice in one authorization.');
      consentListed = [...html.matchAll(/name="scope" value="([^"]+)"/g)].map((m) => m[1]!);
      const ticked = new URLSearchParams(tick(consentListed).map((scope) => ['scope', scope]));
      response = await browser.post(`${platform.url}${action[1]}`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        data: ticked.toString(),
        maxRedirects: 0,
      });
    } else {
      throw new Error(`Unexpected answer ${response.status()}: ${html.slice(0, 300)}`);
    }
  }
  throw new Error('The authorization never came back to the client.');
}

/** Authorizes `scope` for `client` and exchanges the code; the granted scopes, sorted. */
async function grantedScopes(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  tick: (listed: string[]) => string[],
): Promise<{ consentListed: string[] | undefined; scopes: string[] }> {
  const attempt = await authorizationRequest(as, client, REDIRECT_URI, SCOPE);
  const { consentListed, callback } = await authorize(attempt.url, tick);
  expect(Object.fromEntries(callback.searchParams)).not.toHaveProperty('error');
  const tokens = await exchangeCode(as, client, attempt, callback);
  return { consentListed, scopes: String(tokens.scope).split(' ').sort() };
}

const all = (listed: string[]) => listed;
const without = (scope: string) => (listed: string[]) => listed.filter((s) => s !== scope);

describe('consent records the owner’s latest choice (issue #22 §6.1)', () => {
  for (const applicationType of ['native', 'web'] as const) {
    it(`a ${applicationType} client: a scope unticked at sign-in is asked again and granted when ticked`, async () => {
      const as = await discover(platform.url);
      const client = await registerClient(as, REDIRECT_URI, { application_type: applicationType });

      const first = await grantedScopes(as, client, without('courses:write'));
      expect(first.consentListed).toEqual(['openid', 'courses:read', 'courses:write']);
      expect(first.scopes).toEqual(['courses:read', 'openid']);

      // Same browser, same request: the school asks again rather than answering from memory.
      const second = await grantedScopes(as, client, all);
      expect(second.consentListed).toContain('courses:write');
      expect(second.scopes).toEqual(['courses:read', 'courses:write', 'openid']);
    });
  }

  it('a scope granted before and unticked now is no longer granted, and is not asked again in a loop', async () => {
    const as = await discover(platform.url);
    const client = await registerClient(as, REDIRECT_URI, { application_type: 'native' });

    const first = await grantedScopes(as, client, all);
    expect(first.scopes).toEqual(['courses:read', 'courses:write', 'openid']);

    const second = await grantedScopes(as, client, without('courses:write'));
    expect(second.consentListed).toContain('courses:write');
    expect(second.scopes).toEqual(['courses:read', 'openid']);
  });
});
