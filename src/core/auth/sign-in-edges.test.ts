import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signInAndAllow } from '../../../e2e/support/harness/chromium-opener';
import { useAuthHarness } from '../../../e2e/support/harness/use-harness';
import type { AppEvent } from '../../shared/contract';
import { hostText } from '../i18n/host-text';
import { SignInAttempts } from '../sign-in-attempts';
import type { AuthService } from './auth-service';
import { FINISHING_TEXT, LoopbackListener, SUCCESS_TEXT } from './loopback-listener';

const h = useAuthHarness();
afterEach(async () => {
  await h.control('/reset');
});

/** Asserts the attempt left nothing behind: no session in memory or on disk. */
async function expectNoSession(auth: AuthService, dataDir: string) {
  expect(await auth.signedIn()).toEqual([]);
  const sessions = join(dataDir, 'sessions');
  expect(existsSync(sessions) ? readdirSync(sessions) : []).toEqual([]);
}

/** A fetch that reports when a request to `path` has gone out (it still goes, unchanged). */
function watchingFetch(path: string): { fetch: typeof fetch; sent: Promise<void> } {
  let sent!: () => void;
  const promise = new Promise<void>((resolve) => (sent = resolve));
  return {
    sent: promise,
    fetch: (input, init) => {
      const response = fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url).pathname === path) sent();
      return response;
    },
  };
}

/** Shows the listener's callback page in Chromium and returns its text. */
async function visit(url: string): Promise<string> {
  let text = '';
  h.browser.behaviour = async (page) => {
    await page.goto(url);
    text = await page.locator('main').innerText();
  };
  await h.browser.open(url);
  await h.browser.idle();
  return text;
}

describe('the final page in the browser', () => {
  it('promises nothing when the outcome is not known within the wait', async () => {
    const listener = await LoopbackListener.start({ expectedState: 's1', finalPageWaitMs: 200 });
    try {
      const waiting = listener.wait();
      const shown = await visit(`${listener.redirectUri}?code=c&state=s1`);
      expect(shown).toContain(FINISHING_TEXT);
      expect(shown).not.toContain(SUCCESS_TEXT);
      // The exchange then fails: too late for the page, which has said nothing false.
      (await waiting).respond({ ok: false, code: 'token_failed' });
    } finally {
      await listener.close();
    }
  });

  it('shows the outcome when it is known in time', async () => {
    const listener = await LoopbackListener.start({ expectedState: 's2', finalPageWaitMs: 20_000 });
    try {
      void listener
        .wait()
        .then((callback) => callback.respond({ ok: false, code: 'access_denied' }));
      const shown = await visit(`${listener.redirectUri}?code=c&state=s2`);
      expect(shown).toContain(hostText('en').error('access_denied'));
      expect(shown).not.toContain(FINISHING_TEXT);
    } finally {
      await listener.close();
    }
  });
});

describe('cancelling a sign-in', () => {
  it('during the token exchange aborts it and leaves no session', async () => {
    // The stand-in holds the token endpoint far longer than the cancel may take.
    await h.control('/latency', { ms: 8_000, pathPrefix: '/api/oauth/token' });
    const watch = watchingFetch('/api/oauth/token');
    const { auth, dataDir } = h.service({ fetch: watch.fetch });
    const controller = new AbortController();
    h.browser.behaviour = signInAndAllow();
    const signing = auth
      .signIn(h.platform.url, ['courses:read'], controller.signal)
      .catch((e: unknown) => e);
    await watch.sent;
    const cancelledAt = performance.now();
    controller.abort();
    const error = await signing;
    expect((error as { code?: string }).code).toBe('cancelled');
    expect(performance.now() - cancelledAt).toBeLessThan(1000);
    await expectNoSession(auth, dataDir);
    await h.browser.idle();
  });

  it('while fetching the profile leaves no session either', async () => {
    await h.control('/latency', { ms: 8_000, pathPrefix: '/api/oauth/userinfo' });
    const watch = watchingFetch('/api/oauth/userinfo');
    const { auth, dataDir } = h.service({ fetch: watch.fetch });
    const controller = new AbortController();
    h.browser.behaviour = signInAndAllow();
    const signing = auth
      .signIn(h.platform.url, ['profile', 'courses:read'], controller.signal)
      .catch((e: unknown) => e);
    await watch.sent;
    controller.abort();
    expect(((await signing) as { code?: string }).code).toBe('cancelled');
    await expectNoSession(auth, dataDir);
    await h.browser.idle();
  });

  it('while registering aborts the registration at once', async () => {
    await h.control('/latency', { ms: 8_000, pathPrefix: '/api/oauth/register' });
    const watch = watchingFetch('/api/oauth/register');
    const { auth, dataDir } = h.service({ fetch: watch.fetch });
    const controller = new AbortController();
    const signing = auth
      .signIn(h.platform.url, ['courses:read'], controller.signal)
      .catch((e: unknown) => e);
    await watch.sent;
    const cancelledAt = performance.now();
    controller.abort();
    expect(((await signing) as { code?: string }).code).toBe('cancelled');
    expect(performance.now() - cancelledAt).toBeLessThan(1000);
    await expectNoSession(auth, dataDir);
  });

  it('while finding a school that never answers answers at once and settles within 1 s', async () => {
    let seen!: (request: IncomingMessage) => void;
    const requestSeen = new Promise<IncomingMessage>((resolve) => (seen = resolve));
    // Accepts and never answers, as a trickling or wedged school does.
    const school = createServer((request) => seen(request));
    await new Promise<void>((resolve) => school.listen(0, '127.0.0.1', resolve));
    try {
      const { auth } = h.service();
      const events: AppEvent[] = [];
      let onEvent = (_event: AppEvent) => {};
      const attempts = new SignInAttempts(auth, (event) => {
        events.push(event);
        onEvent(event);
      });
      const schoolUrl = `http://127.0.0.1:${(school.address() as AddressInfo).port}`;

      const startedAt = performance.now();
      const started = await attempts.start(schoolUrl, ['courses:read']);
      expect(performance.now() - startedAt).toBeLessThan(1000);
      // The id only: the link comes later, with the waiting_for_browser event.
      expect(Object.keys(started)).toEqual(['attemptId']);
      const request = await requestSeen;
      const closed = new Promise<void>((resolve) => request.socket.once('close', resolve));

      const failed = new Promise<AppEvent>((resolve) => {
        onEvent = (event) => {
          if (event.type === 'signIn:failed' && event.attemptId === started.attemptId)
            resolve(event);
        };
      });
      const cancelledAt = performance.now();
      expect(attempts.cancel(started.attemptId)).toBe(true);
      const event = await failed;
      expect(performance.now() - cancelledAt).toBeLessThan(1000);
      expect(event).toMatchObject({ error: { code: 'cancelled' } });
      // The cancel reached fetch: the connection to the school is gone.
      await closed;
      expect(events[0]).toMatchObject({ type: 'signIn:progress', step: 'discovering' });
    } finally {
      school.closeAllConnections();
      await new Promise<void>((resolve) => school.close(() => resolve()));
    }
  });

  it('hands the link over by the waiting_for_browser event', async () => {
    const { auth } = h.service();
    const events: AppEvent[] = [];
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const attempts = new SignInAttempts(auth, (event) => {
      events.push(event);
      if (event.type === 'signIn:finished' || event.type === 'signIn:failed') finished();
    });
    h.browser.behaviour = signInAndAllow();
    const { attemptId } = await attempts.start(h.platform.url, ['courses:read']);
    await done;
    const waiting = events.find(
      (e) => e.type === 'signIn:progress' && e.step === 'waiting_for_browser',
    );
    expect(waiting).toMatchObject({ attemptId, authorizationUrl: h.browser.opened.at(-1) });
    expect(events.find((e) => e.type === 'signIn:finished')).toMatchObject({ attemptId });
  });
});
