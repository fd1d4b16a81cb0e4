import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hostAddressPath } from './host-address';
import { startWebHost, type WebHost } from './server';

/**
 * The web host keeps its address per data folder: a bookmark made today opens Schooldesk
 * after a restart, until --new-secret rotates the secret. Hosts started as the CLI starts
 * them (startWebHost), twice on one folder, called over real HTTP as the page calls them.
 */
const folders: string[] = [];
const running: WebHost[] = [];
const logged: string[] = [];
const log = { info: push, warn: push, error: push };
function push(line: string) {
  logged.push(line);
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((host) => host.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  logged.length = 0;
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schooldesk-address-'));
  folders.push(dir);
  return dir;
}

async function start(dataDir: string, newSecret = false): Promise<WebHost> {
  const host = await startWebHost({
    port: 0,
    dataDir,
    newSecret,
    rendererDir: dataDir,
    browser: { open: () => Promise.resolve() },
    log,
  });
  running.push(host);
  return host;
}

async function stop(host: WebHost) {
  running.splice(running.indexOf(host), 1);
  await host.close();
}

/** A bridge call as the page makes it, with the secret its bookmark carries. */
async function call(url: string, secret: string): Promise<number> {
  const response = await fetch(`${url}/bridge/session:current`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-schooldesk-secret': secret },
    body: '{}',
  });
  await response.body?.cancel();
  return response.status;
}

describe('the web host’s address', () => {
  it('is the same after a restart: the bookmarked address still opens Schooldesk', async () => {
    const dataDir = folder();
    const first = await start(dataDir);
    expect(first.secretOrigin).toBe('new');
    const bookmark = { url: first.url, secret: first.secret };
    expect(await call(bookmark.url, bookmark.secret)).toBe(200);
    await stop(first);

    const second = await start(dataDir);
    expect(second.secretOrigin).toBe('kept');
    expect(second.lostPort).toBeUndefined();
    expect({ url: second.url, secret: second.secret }).toEqual(bookmark);
    expect(await call(bookmark.url, bookmark.secret)).toBe(200);
  });

  it('--new-secret rotates the secret (the old address is refused) and keeps the port', async () => {
    const dataDir = folder();
    const first = await start(dataDir);
    const old = { url: first.url, secret: first.secret };
    await stop(first);

    const rotated = await start(dataDir, true);
    expect(rotated.secretOrigin).toBe('rotated');
    expect(rotated.url).toBe(old.url);
    expect(rotated.secret).not.toBe(old.secret);
    expect(rotated.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await call(old.url, old.secret)).toBe(401);
    expect(await call(rotated.url, rotated.secret)).toBe(200);
    await stop(rotated);

    // The rotated secret is the one kept from then on.
    const after = await start(dataDir);
    expect(after.secret).toBe(rotated.secret);
  });

  it('takes another port when its last one is taken, and says so', async () => {
    const dataDir = folder();
    const first = await start(dataDir);
    const port = Number(new URL(first.url).port);
    await stop(first);
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const second = await start(dataDir);
      expect(second.lostPort).toBe(port);
      expect(second.url).not.toBe(first.url);
      expect(second.secret).toBe(first.secret);
      await stop(second);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
    // The new port is the one remembered now.
    const third = await start(dataDir);
    expect(third.lostPort).toBeUndefined();
    expect(new URL(third.url).port).not.toBe(String(port));
  });

  it('keeps the secret in a 0600 file beside the keys, and never logs it', async () => {
    const dataDir = folder();
    const host = await start(dataDir);
    const path = hostAddressPath(dataDir);
    expect(path).toBe(join(dataDir, 'keys', 'web-host.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      secret: host.secret,
      port: Number(new URL(host.url).port),
    });
    expect(logged.join('\n')).not.toContain(host.secret);
  });

  it('replaces a secret others could read, and one that is damaged or weak', async () => {
    const dataDir = folder();
    const first = await start(dataDir);
    await stop(first);
    chmodSync(hostAddressPath(dataDir), 0o644);
    const exposed = await start(dataDir);
    expect(exposed.secretOrigin).toBe('rotated');
    expect(exposed.secret).not.toBe(first.secret);
    expect(statSync(hostAddressPath(dataDir)).mode & 0o777).toBe(0o600);
    await stop(exposed);

    writeFileSync(hostAddressPath(dataDir), JSON.stringify({ version: 1, secret: 'short' }), {
      mode: 0o600,
    });
    const weak = await start(dataDir);
    expect(weak.secretOrigin).toBe('new');
    expect(weak.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(logged.join('\n')).not.toContain(weak.secret);
  });
});
