import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostText } from '../core/host';
import { HOW_TO_OPEN_PATH } from './client/how-to-open';
import { startWebHost, type WebHost } from './server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { refuse } from './host-pages';

/**
 * A request without the secret gets plain words in the browser's language: how to open
 * Schooldesk, and that its address is in the terminal. Never "Refused: missing secret".
 */
const ZH = 'zh-TW,zh;q=0.9,en;q=0.8';
const EN = 'en-US,en;q=0.9';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const en = hostText('en');
const zh = hostText('zh-TW');
/** Every English sentence of the web host's pages. */
const ENGLISH = (
  [
    'openHeading',
    'openMissing',
    'openStep1',
    'openStep2',
    'openStep3',
    'openNotRunning',
    'noSecret',
    'notFound',
  ] as const
).map((key) => en.t(`web.${key}`));

const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-host-pages-'));
let host: WebHost;
beforeAll(async () => {
  writeFileSync(join(dataDir, 'index.html'), '<script type="module" src="./app.js"></script>');
  host = await startWebHost({
    port: 0,
    dataDir,
    rendererDir: dataDir,
    browser: { open: () => Promise.resolve() },
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
});
afterAll(async () => {
  await host?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function get(path: string, language: string, accept = HTML) {
  const response = await fetch(`${host.url}${path}`, {
    headers: { 'accept-language': language, accept },
  });
  return { response, body: await response.text() };
}

function expectHowToOpen(body: string, language: 'en' | 'zh-TW') {
  const { t } = language === 'en' ? en : zh;
  expect(body).toContain(`<html lang="${language}">`);
  for (const key of ['openHeading', 'openMissing', 'openStep1', 'openStep2'] as const)
    expect(body).toContain(t(`web.${key}`));
  expect(body).not.toMatch(/Refused|missing secret/i);
  expect(body).not.toContain(host.secret);
}

describe('the page for an address without its secret', () => {
  it('says in Chinese how to open Schooldesk, and that the address is in the terminal', async () => {
    const { response, body } = await get(HOW_TO_OPEN_PATH, ZH);
    expect(response.status).toBe(200);
    expectHowToOpen(body, 'zh-TW');
    expect(body).toContain('終端機');
    for (const sentence of ENGLISH) expect(body).not.toContain(sentence);
  });

  it('says it in English to an English browser', async () => {
    const { response, body } = await get(HOW_TO_OPEN_PATH, EN);
    expect(response.status).toBe(200);
    expectHowToOpen(body, 'en');
    expect(body).toContain('printed');
  });

  it('is what a browser gets for a bridge address without the secret (401)', async () => {
    const { response, body } = await get('/bridge/session:current', ZH);
    expect(response.status).toBe(401);
    expectHowToOpen(body, 'zh-TW');
  });

  it('is served under a strict policy: its own style by hash, nothing else', async () => {
    const { response } = await get(HOW_TO_OPEN_PATH, EN);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe');
  });
});

describe('refusals in plain words', () => {
  it('answers a script without the secret in the contract’s shape, in its language', async () => {
    const response = await fetch(`${host.url}/bridge/session:current`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: host.url, 'accept-language': ZH },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      ok: false,
      error: { code: 'forbidden', message: zh.t('web.noSecret') },
    });
  });

  it('answers an unknown page with a page, not JSON', async () => {
    const { response, body } = await get('/no-such-page', ZH);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(body).toContain(zh.t('web.notFound'));
    const english = await get('/no-such-page', EN);
    expect(english.body).toContain(en.t('web.notFound'));
  });

  it('answers a failure of the host itself as internal, not as a refusal of the caller', async () => {
    // The host's 500 fallback, on a real server of its own.
    const server = createServer((request, response) => refuse(request, response, 500, 'internal'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/bridge/session:current`, {
        method: 'POST',
        headers: { 'accept-language': EN },
        body: '{}',
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: 'internal' } });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
