import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type RunningPlatform } from '../../../e2e/platform/server';
import { createServices, FileKeyEncryptor, type LogSink, type Services } from '../../core/host';
import { createAuthorizationOpener } from './external-browser';

/** Collects what the opener would have handed to shell.openExternal, and what it logged. */
function recorder() {
  const launched: string[] = [];
  const warnings: string[] = [];
  const log: LogSink = { info: () => {}, warn: (m) => warnings.push(m), error: () => {} };
  const launch = (url: string) => (launched.push(url), Promise.resolve());
  return { launched, warnings, log, launch };
}

/** Core built by `hostCore`, closed before its folder is removed. */
const opened: Services[] = [];

/**
 * Core as the Electron host builds it on `dataDir`, with the opener the host makes: one that
 * reads the endpoints afresh from core's one Settings, and launches and logs into `seen`.
 */
function hostCore(dataDir: string, seen: ReturnType<typeof recorder>) {
  const opener = createAuthorizationOpener({
    endpoints: () => services.settings.authorizationEndpoints(),
    launch: seen.launch,
    log: seen.log,
  });
  const services = createServices({
    dataDir,
    encryptor: new FileKeyEncryptor(join(dataDir, 'keys', 'session.key')),
    browser: opener,
    emit: () => {},
  });
  opened.push(services);
  const { auth, settings, schools } = services;
  return { opener, auth, settings, close: () => schools.closeAll() };
}

describe('the Electron host browser opener, with core and the stand-in platform', () => {
  let platform: RunningPlatform;
  const folders: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'schooldesk-main-'));
    folders.push(dir);
    return dir;
  };

  beforeAll(async () => {
    platform = await startPlatform({ students: 20, rateLimit: null });
  });
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((services) => services.schools.closeAll()));
    await platform.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('opens the authorization URL core builds, checked against the endpoint it discovered', async () => {
    const dataDir = folder();
    const seen = recorder();
    // As in the Electron host: the opener reads the endpoints from core's one Settings.
    const { opener, auth } = hostCore(dataDir, seen);
    const controller = new AbortController();
    const { authorizationUrl, done } = await auth.beginSignIn(
      platform.url,
      ['courses:read'],
      controller.signal,
    );
    const settled = done.catch(() => undefined);
    await expect.poll(() => seen.launched).toEqual([authorizationUrl]);
    expect(seen.warnings).toEqual([]);

    // The same link clicked in the app window goes to the system browser too.
    expect(opener.openFromRenderer(authorizationUrl)).toBe(true);
    controller.abort();
    await settled;
  });

  it('refuses that URL where the endpoint was never discovered, saying why but not the URL', async () => {
    const seen = recorder();
    const { opener, settings } = hostCore(folder(), seen);
    settings.saveMetadata(
      'https://school.example',
      { as: { authorization_endpoint: 'https://school.example/oauth/authorize' } },
      Date.now(),
    );
    const url = `${platform.url}/oauth/authorize?response_type=code&state=s3cr3t-state`;
    await expect(opener.open(url)).rejects.toThrow(/only sign-in pages/);
    expect(opener.openFromRenderer('file:///etc/passwd')).toBe(false);
    expect(seen.launched).toEqual([]);
    expect(seen.warnings).toHaveLength(2);
    expect(seen.warnings.join('\n')).not.toContain('s3cr3t-state');
    expect(seen.warnings[0]).toContain(platform.url);
  });
});

describe('the endpoints the opener checks against', () => {
  it('are the ones core cached, read afresh from core’s one Settings on every call', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-main-'));
    try {
      const { settings, close } = hostCore(dataDir, recorder());
      const endpoints = () => settings.authorizationEndpoints();
      expect(endpoints()).toEqual([]);
      settings.saveMetadata(
        'https://a.example',
        { as: { authorization_endpoint: 'https://a.example/auth' } },
        1,
      );
      settings.saveMetadata('https://b.example', { nonsense: true }, 1);
      settings.saveMetadata(
        'https://c.example',
        { as: { authorization_endpoint: 'https://c.example/auth' } },
        1,
      );
      expect(endpoints()).toEqual(['https://a.example/auth', 'https://c.example/auth']);
      await close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
