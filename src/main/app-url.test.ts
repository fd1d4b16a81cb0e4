import { describe, expect, it } from 'vitest';
import { appEntry, isAllowedRendererRequest, isAppUrl } from './app-url';

const rendererPath = '/opt/Schooldesk/resources/app.asar/out/renderer/index.html';
const built = appEntry({ isPackaged: true, devUrl: undefined, rendererPath });
const dev = appEntry({ isPackaged: false, devUrl: 'http://localhost:5173/', rendererPath });

describe('appEntry', () => {
  it('loads the built file when packaged, whatever ELECTRON_RENDERER_URL says', () => {
    const entry = appEntry({ isPackaged: true, devUrl: 'http://localhost:5173/', rendererPath });
    expect(entry).toMatchObject({ kind: 'file', url: `file://${rendererPath}` });
  });

  it('uses the dev server only in development and only on loopback http', () => {
    expect(dev).toMatchObject({ kind: 'dev', origin: 'http://localhost:5173' });
    for (const devUrl of [
      'https://evil.example/',
      'http://10.0.0.1:5173/',
      'file:///x',
      'nonsense',
    ])
      expect(appEntry({ isPackaged: false, devUrl, rendererPath }).kind).toBe('file');
  });
});

describe('isAppUrl', () => {
  it('accepts the app page with any route in the fragment or query', () => {
    expect(isAppUrl(`file://${rendererPath}`, built)).toBe(true);
    expect(isAppUrl(`file://${rendererPath}#/signed-in`, built)).toBe(true);
    expect(isAppUrl(`file://${rendererPath}?x=1`, built)).toBe(true);
    expect(isAppUrl('http://localhost:5173/#/connect', dev)).toBe(true);
  });

  it('refuses every other page', () => {
    for (const url of [
      'file:///opt/Schooldesk/resources/app.asar/out/renderer/other.html',
      'file:///tmp/index.html',
      'file://evil.example/opt/Schooldesk/resources/app.asar/out/renderer/index.html',
      'https://evil.example/',
      'about:blank',
      '',
      'not a url',
    ])
      expect(isAppUrl(url, built), url).toBe(false);
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isAppUrl('http://127.0.0.1:5173/', dev)).toBe(false);
    expect(isAppUrl(`file://${rendererPath}`, dev)).toBe(false);
  });
});

describe('isAllowedRendererRequest', () => {
  it('allows the app files, inline data and, in development, the dev server and its socket', () => {
    const dir = 'file:///opt/Schooldesk/resources/app.asar/out/renderer/';
    expect(isAllowedRendererRequest(`${dir}index.html`, built)).toBe(true);
    expect(isAllowedRendererRequest(`${dir}assets/index-abc.js`, built)).toBe(true);
    expect(isAllowedRendererRequest('data:,', built)).toBe(true);
    expect(isAllowedRendererRequest('http://localhost:5173/src/main.tsx', dev)).toBe(true);
    expect(isAllowedRendererRequest('ws://localhost:5173/', dev)).toBe(true);
  });

  it('blocks remote content and files outside the renderer folder', () => {
    for (const url of [
      'https://cdn.example/lib.js',
      'http://127.0.0.1:4010/api/v1/courses',
      'file:///etc/passwd',
      'file:///opt/Schooldesk/resources/app.asar/out/main/index.js',
      'file:///opt/Schooldesk/resources/app.asar/out/renderer/../main/index.js',
      'file:///opt/Schooldesk/resources/app.asar/out/renderer/%2e%2e/main/index.js',
      'ws://evil.example/',
    ])
      expect(isAllowedRendererRequest(url, built), url).toBe(false);
    expect(isAllowedRendererRequest('ws://localhost:9999/', dev)).toBe(false);
    expect(isAllowedRendererRequest('https://evil.example/x.js', dev)).toBe(false);
  });
});
