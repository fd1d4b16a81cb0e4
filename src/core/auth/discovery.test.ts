import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type RunningPlatform } from '../../../e2e/platform/server';
import { FileKeyEncryptor } from '../store/file-key-encryptor';
import { AuthService } from './auth-service';
import { discoverSchool, displayName, normaliseBaseUrl } from './discovery';

type Answer = { status?: number; body: unknown } | { raw: string };

/** A school server whose every document a test writes by hand, to play a broken or hostile one. */
async function fakeSchool(
  documents: (base: string) => Record<string, Answer>,
): Promise<{ base: string; close: () => Promise<void> }> {
  let base = '';
  const server: Server = createServer((request, response) => {
    const answer = documents(base)[new URL(request.url ?? '/', base).pathname];
    if (!answer) return void response.writeHead(404).end();
    const text = 'raw' in answer ? answer.raw : JSON.stringify(answer.body);
    response
      .writeHead('raw' in answer ? 200 : (answer.status ?? 200), {
        'content-type': 'application/json',
      })
      .end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Valid metadata for a fake school at `base`, with `change` applied to the AS document. */
function documents(change: (as: Record<string, unknown>) => Record<string, unknown> = (as) => as) {
  return (base: string): Record<string, Answer> => ({
    '/.well-known/oauth-protected-resource': {
      body: { resource: base, authorization_servers: [base] },
    },
    '/.well-known/oauth-authorization-server': {
      body: change({
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        registration_endpoint: `${base}/register`,
        revocation_endpoint: `${base}/revoke`,
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
      }),
    },
    '/register': {
      status: 400,
      body: { error: 'invalid_client_metadata', error_description: 'no apps today' },
    },
  });
}

let platform: RunningPlatform;
const cleanups: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  platform = await startPlatform({ students: 0 });
});
afterAll(async () => {
  await platform?.close();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function discoverFake(docs: (base: string) => Record<string, Answer>) {
  const school = await fakeSchool(docs);
  cleanups.push(school.close);
  return discoverSchool(school.base, fetch).catch((e: unknown) => e as { code: string });
}

describe('discovery', () => {
  it('reads the stand-in: resource, issuer, and userinfo from its RFC 8414 metadata', async () => {
    const school = await discoverSchool(`${platform.url}/`, fetch);
    expect(school.resource).toBe(platform.url);
    expect(school.as.issuer).toBe(platform.url);
    expect(school.as.token_endpoint).toBe(`${platform.url}/api/oauth/token`);
    expect(school.as.userinfo_endpoint).toBe(`${platform.url}/api/oauth/userinfo`);
    // RFC 9728 resource_name: the school's own name, shown with its address.
    expect(school.resourceName).toBe('Demo School');
  });

  it("keeps a school's name only when it is short plain text", () => {
    expect(displayName('  Cream   Academy ')).toBe('Cream Academy');
    expect(displayName('台北烘焙學校')).toBe('台北烘焙學校');
    for (const sent of [undefined, 42, '', '   ', 'x'.repeat(101), 'a\u0000b', 'evil\u202eloohcs'])
      expect(displayName(sent), JSON.stringify(sent)).toBeUndefined();
  });

  it.each([
    [
      'a mismatched issuer',
      documents((as) => ({ ...as, issuer: 'https://other.example' })),
      'issuer_mismatch',
    ],
    [
      'no S256',
      documents((as) => ({ ...as, code_challenge_methods_supported: ['plain'] })),
      'pkce_unsupported',
    ],
    [
      'no PKCE methods at all',
      documents(({ code_challenge_methods_supported: _, ...as }) => as),
      'pkce_unsupported',
    ],
    [
      'a non-loopback http endpoint',
      documents((as) => ({ ...as, token_endpoint: 'http://school.example/token' })),
      'insecure_endpoint',
    ],
  ])('refuses metadata with %s', async (_name, docs, code) => {
    expect(await discoverFake(docs)).toMatchObject({ code });
  });

  it('refuses a resource that names itself differently', async () => {
    const error = await discoverFake((base) => ({
      ...documents()(base),
      '/.well-known/oauth-protected-resource': {
        body: { resource: 'https://api.other.example', authorization_servers: [base] },
      },
    }));
    expect(error).toMatchObject({ code: 'resource_mismatch' });
  });

  it('refuses garbage JSON', async () => {
    const error = await discoverFake(() => ({
      '/.well-known/oauth-protected-resource': { raw: '{"resource": ' },
    }));
    expect(error).toMatchObject({ code: 'discovery_failed' });
  });

  it('refuses oversized JSON without reading it all', async () => {
    const huge = JSON.stringify({ resource: 'x', padding: 'x'.repeat(2_000_000) });
    const error = await discoverFake(() => ({
      '/.well-known/oauth-protected-resource': { raw: huge },
    }));
    expect(error).toMatchObject({ code: 'invalid_response' });
  });

  it('refuses school addresses that are not web addresses', () => {
    for (const typed of [
      'ftp://school.example',
      'https://user:pw@school.example',
      'http://school.example',
      '',
    ]) {
      expect(() => normaliseBaseUrl(typed), typed).toThrow();
    }
    expect(normaliseBaseUrl('school.example/').href).toBe('https://school.example/');
  });

  it('takes an address on this computer without a scheme to be http, any other https', () => {
    expect(normaliseBaseUrl('127.0.0.1:4010').href).toBe('http://127.0.0.1:4010/');
    expect(normaliseBaseUrl('localhost:4010/school').href).toBe('http://localhost:4010/school');
    expect(normaliseBaseUrl('[::1]:4010').href).toBe('http://[::1]:4010/');
    expect(normaliseBaseUrl('127.0.0.1.example.com').href).toBe('https://127.0.0.1.example.com/');
    expect(normaliseBaseUrl('school.example:4010').href).toBe('https://school.example:4010/');
  });
});

describe('client registration', () => {
  async function signInTo(docs: (base: string) => Record<string, Answer>) {
    const school = await fakeSchool(docs);
    const dataDir = mkdtempSync(join(tmpdir(), 'schooldesk-reg-'));
    cleanups.push(school.close, () => rmSync(dataDir, { recursive: true, force: true }));
    const opened: string[] = [];
    const auth = new AuthService({
      dataDir,
      encryptor: new FileKeyEncryptor(join(dataDir, 'key')),
      browser: { open: (url) => Promise.resolve(void opened.push(url)) },
    });
    const error = await auth
      .signIn(school.base, ['courses:read'])
      .catch((e: unknown) => e as { code: string });
    return { error, opened, signedIn: await auth.signedIn() };
  }

  it('a refused registration is named, opens no browser and stores nothing', async () => {
    const { error, opened, signedIn } = await signInTo(documents());
    expect(error).toMatchObject({ code: 'registration_failed' });
    expect(opened).toEqual([]);
    expect(signedIn).toEqual([]);
  });

  it('a server without a registration endpoint is refused as registration_unsupported', async () => {
    const { error, opened } = await signInTo(
      documents(({ registration_endpoint: _, ...as }) => as),
    );
    expect(error).toMatchObject({ code: 'registration_unsupported' });
    expect(opened).toEqual([]);
  });
});
