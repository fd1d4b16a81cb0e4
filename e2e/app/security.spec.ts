import { request as httpRequest } from 'node:http';
import { test, expect } from '../support/app-fixtures';
import { allowInBrowser, followSignInLink } from '../support/workspace-flow';

/** A raw HTTP request, so tests can set Host and Origin as a hostile page or tool would. */
function raw(url: string, headers: Record<string, string>, body = '{}'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test.describe('security of the web host', () => {
  test('after sign-in the renderer cannot read a token anywhere', async ({
    page,
    app,
    platform,
  }) => {
    const bodies: string[] = [];
    page.on('response', async (response) => {
      if ((response.headers()['content-type'] ?? '').includes('event-stream')) return;
      bodies.push(await response.text().catch(() => ''));
    });
    await page.goto(app.url);
    // Every pushed event the page receives is kept where the search below looks.
    await page.evaluate(() => {
      const seen: unknown[] = [];
      Object.assign(window, { __seenEvents: seen });
      window.schooldesk.onEvent((event) => seen.push(event));
    });
    await page.getByLabel('School address').fill(platform.url);
    await page.getByRole('checkbox', { name: 'Students: Read', exact: true }).check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await allowInBrowser(await followSignInLink(page));
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();

    const { accessToken, refreshToken } = await app.tokens();
    const needles = [accessToken.slice(4, 16), refreshToken!.slice(4, 16)];
    const inPage = await page.evaluate(async () => {
      const seen = new WeakSet<object>();
      const parts: string[] = [document.documentElement.outerHTML, document.cookie];
      const walk = (value: unknown, depth: number) => {
        if (depth > 4 || value === null) return;
        if (typeof value === 'string') return void parts.push(value);
        if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
          return void parts.push(String(value));
        if (typeof value !== 'object' && typeof value !== 'function') return;
        if (seen.has(value)) return;
        seen.add(value);
        for (const key of Object.getOwnPropertyNames(value)) {
          let child: unknown;
          try {
            child = (value as Record<string, unknown>)[key];
          } catch {
            continue;
          }
          parts.push(key);
          walk(child, depth + 1);
        }
      };
      for (const key of Object.getOwnPropertyNames(window)) {
        if (['window', 'self', 'frames', 'parent', 'top', 'globalThis', 'document'].includes(key))
          continue;
        try {
          walk((window as unknown as Record<string, unknown>)[key], 0);
        } catch {
          // some host objects refuse to be read; they hold nothing of ours
        }
      }
      for (const storage of [localStorage, sessionStorage]) {
        for (let i = 0; i < storage.length; i += 1)
          parts.push(storage.key(i)!, storage.getItem(storage.key(i)!)!);
      }
      for (const info of await indexedDB.databases()) {
        parts.push(info.name ?? '');
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(info.name!);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(new Error(`IndexedDB ${info.name} would not open`));
        });
        for (const store of Array.from(db.objectStoreNames)) {
          const all = await new Promise<unknown[]>((resolve) => {
            const request = db.transaction(store).objectStore(store).getAll();
            request.onsuccess = () => resolve(request.result);
          });
          parts.push(JSON.stringify(all));
        }
      }
      return parts.join('\n');
    });
    const cookies = JSON.stringify(await page.context().cookies(new URL(app.host.url).origin));
    const haystacks = { page: inPage, cookies, responses: bodies.join('\n') };
    expect(bodies.length).toBeGreaterThan(3);
    expect(inPage).toContain('Olivia Owner');
    for (const needle of needles) {
      for (const [where, haystack] of Object.entries(haystacks)) {
        expect(haystack.includes(needle), `token found in ${where}`).toBe(false);
      }
    }
  });

  test('the bridge refuses requests without the secret, from another origin or for another host', async ({
    app,
  }) => {
    const { url, secret } = app.host;
    const call = `${url}/bridge/session:current`;
    const good = { origin: url, 'x-schooldesk-secret': secret };
    expect(await raw(call, good)).toBe(200);
    expect(await raw(call, { origin: url })).toBe(401);
    expect(await raw(call, { ...good, 'x-schooldesk-secret': `${secret}x` })).toBe(401);
    expect(await raw(call, { ...good, origin: 'http://evil.example' })).toBe(403);
    expect(await raw(call, { ...good, host: `evil.example:${new URL(url).port}` })).toBe(421);
    expect(await raw(call, { ...good, host: `localhost:${new URL(url).port}` })).toBe(421);
  });

  test('the page is served with a strict CSP and without the secret in it', async ({ app }) => {
    const response = await fetch(app.host.url);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe');
    expect(await response.text()).not.toContain(app.host.secret);
  });
});
