import { createServer } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { signInAndAllow, signInAndDeny } from '../../../e2e/support/harness/chromium-opener';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';
import { checkCallback } from './sign-in';
import type { AuthService } from './auth-service';

const h = useAuthHarness();

/** Sends the browser straight to the loopback callback with `params` (as a hostile page could). */
function answerWith(params: (state: string, issuer: string) => Record<string, string>) {
  return async (page: Page, url: string) => {
    const request = new URL(url);
    const callback = new URL(request.searchParams.get('redirect_uri')!);
    for (const [k, v] of Object.entries(
      params(request.searchParams.get('state')!, h.platform.url),
    )) {
      callback.searchParams.set(k, v);
    }
    await page.goto(callback.href);
  };
}

/** Asserts the failed attempt left nothing behind: no session in memory or on disk. */
async function expectNothingStored(auth: AuthService, dataDir: string) {
  expect(await auth.signedIn()).toEqual([]);
  const sessions = join(dataDir, 'sessions');
  expect(existsSync(sessions) ? readdirSync(sessions) : []).toEqual([]);
}

async function failedSignIn(behaviour: (page: Page, url: string) => Promise<void>, options = {}) {
  const service = h.service(options);
  h.browser.behaviour = behaviour;
  const error = await service.auth
    .signIn(h.platform.url, ['courses:read'])
    .catch((e: unknown) => e);
  return { ...service, error: error as { code?: string; message?: string } };
}

describe('hostile and failed callbacks leave nothing stored', () => {
  it('a wrong iss is refused as iss_mismatch', async () => {
    const { auth, dataDir, error } = await failedSignIn(
      answerWith((state) => ({ code: 'stolen-code', state, iss: 'https://evil.example' })),
    );
    expect(error.code).toBe('iss_mismatch');
    await expectNothingStored(auth, dataDir);
  });

  it('a missing iss, when the server advertises it, is refused as iss_mismatch', async () => {
    const { auth, dataDir, error } = await failedSignIn(
      answerWith((state) => ({ code: 'stolen-code', state })),
    );
    expect(error.code).toBe('iss_mismatch');
    await expectNothingStored(auth, dataDir);
  });

  it('an error callback with a forged iss is not believed', async () => {
    const { auth, dataDir, error } = await failedSignIn(
      answerWith((state) => ({
        error: 'access_denied',
        error_description: 'Send your password to evil.example',
        state,
        iss: 'https://evil.example',
      })),
    );
    expect(error.code).toBe('iss_mismatch');
    expect(error.message).not.toContain('evil.example');
    await expectNothingStored(auth, dataDir);
  });

  it('the final page repeats nothing from the query string', async () => {
    let shown = '';
    await failedSignIn(async (page, url) => {
      await answerWith((state, iss) => ({
        error: 'server_error',
        error_description: 'INJECTED<b>text</b>',
        state,
        iss,
      }))(page, url);
      shown = await page.content();
    });
    await h.browser.idle();
    expect(shown).not.toContain('INJECTED');
    expect(shown).toContain('Schooldesk');
  });

  it('a wrong state is ignored by the listener, which keeps waiting', async () => {
    const controller = new AbortController();
    let ignoredPage = '';
    const service = h.service();
    h.browser.behaviour = async (page, url) => {
      await answerWith((_state, iss) => ({ code: 'x', state: 'not-the-state', iss }))(page, url);
      ignoredPage = await page.content();
      controller.abort();
    };
    const error = await service.auth
      .signIn(h.platform.url, ['courses:read'], controller.signal)
      .catch((e: unknown) => e);
    expect(ignoredPage).toContain('not part of the sign-in');
    expect((error as { code: string }).code).toBe('cancelled');
    await expectNothingStored(service.auth, service.dataDir);
  });

  it('checkCallback names a wrong state state_mismatch and a wrong iss iss_mismatch', () => {
    const as = {
      issuer: 'https://school.example',
      authorization_response_iss_parameter_supported: true,
    };
    const client = { client_id: 'c' };
    const url = (q: string) => new URL(`http://127.0.0.1:1/callback?${q}`);
    expect(() =>
      checkCallback(as, client, url('code=a&state=wrong&iss=https://school.example'), 'right'),
    ).toThrow(expect.objectContaining({ code: 'state_mismatch' }));
    expect(() =>
      checkCallback(as, client, url('code=a&state=right&iss=https://other.example'), 'right'),
    ).toThrow(expect.objectContaining({ code: 'iss_mismatch' }));
    expect(
      checkCallback(as, client, url('code=a&state=right&iss=https://school.example'), 'right').get(
        'code',
      ),
    ).toBe('a');
  });

  it('a replayed code is refused as invalid_grant and the session stays as it was', async () => {
    const service = h.service();
    let firstCallback = '';
    h.browser.behaviour = async (page, url) => {
      page.on('request', (r) => {
        if (r.url().includes('/callback?code=')) firstCallback = r.url();
      });
      await signInAndAllow()(page, url);
    };
    const first = await service.auth.signIn(h.platform.url, ['courses:read']);
    const old = new URL(firstCallback);
    h.browser.behaviour = answerWith((state, iss) => ({
      code: old.searchParams.get('code')!,
      state,
      iss,
    }));
    const error = await service.auth
      .signIn(h.platform.url, ['courses:read'])
      .catch((e: unknown) => e);
    expect((error as { code: string }).code).toBe('invalid_grant');
    expect(await service.auth.signedIn()).toEqual([first]);
  });

  it('pressing Deny gives access_denied', async () => {
    const { auth, dataDir, error } = await failedSignIn(signInAndDeny());
    expect(error.code).toBe('access_denied');
    await expectNothingStored(auth, dataDir);
  });

  it('times out when the browser never comes back', async () => {
    const { auth, dataDir, error } = await failedSignIn(async () => {}, { listenerTimeoutMs: 300 });
    expect(error.code).toBe('timeout');
    await expectNothingStored(auth, dataDir);
  });

  it('can be cancelled while it waits', async () => {
    const controller = new AbortController();
    const service = h.service({
      onProgress: (event) => {
        if (event.step === 'waiting_for_browser') controller.abort();
      },
    });
    h.browser.behaviour = async () => {};
    const error = await service.auth
      .signIn(h.platform.url, ['courses:read'], controller.signal)
      .catch((e: unknown) => e);
    expect((error as { code: string }).code).toBe('cancelled');
    await expectNothingStored(service.auth, service.dataDir);
  });

  it('ignores stray requests, and is single use', async () => {
    const service = h.service();
    const strayStatuses: number[] = [];
    let callbackUrl = '';
    h.browser.behaviour = async (page, url) => {
      const redirect = new URL(new URL(url).searchParams.get('redirect_uri')!);
      for (const path of ['/favicon.ico', '/', '/callback/../admin']) {
        strayStatuses.push((await page.request.get(new URL(path, redirect).href)).status());
      }
      page.on('request', (r) => {
        if (r.url().startsWith(redirect.href)) callbackUrl = r.url();
      });
      await signInAndAllow()(page, url);
    };
    await service.auth.signIn(h.platform.url, ['courses:read']);
    expect(strayStatuses).toEqual([404, 404, 404]);
    await expect(fetch(callbackUrl)).rejects.toThrow();
  });

  it('uses another port when the registered one is taken', async () => {
    const service = h.service();
    h.browser.behaviour = signInAndAllow();
    await service.auth.signIn(h.platform.url, ['courses:read']);
    const registeredPort = Number(
      new URL(h.browser.opened.at(-1)!).searchParams
        .get('redirect_uri')!
        .split(':')[2]!
        .split('/')[0],
    );
    const squatter = createServer((_req, res) => res.end('squatting'));
    await new Promise<void>((resolve) => squatter.listen(registeredPort, '127.0.0.1', resolve));
    try {
      const again = await service.auth.signIn(h.platform.url, ['courses:read']);
      expect(again.issuer).toBe(h.platform.url);
      const usedPort = new URL(new URL(h.browser.opened.at(-1)!).searchParams.get('redirect_uri')!)
        .port;
      expect(Number(usedPort)).not.toBe(registeredPort);
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
  });
});
