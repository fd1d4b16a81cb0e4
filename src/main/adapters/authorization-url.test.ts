import { describe, expect, it } from 'vitest';
import { authorizationUrlProblem } from './authorization-url';

const endpoint = 'https://school.example/oauth/authorize';

/** An authorization request as core builds it (sign-in.ts), with `changes` applied. */
function request(changes: Record<string, string | null> = {}, base = endpoint): string {
  const url = new URL(base);
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: 'client-1',
    redirect_uri: 'http://127.0.0.1:51234/callback',
    scope: 'openid courses:read',
    code_challenge: 'x'.repeat(43),
    code_challenge_method: 'S256',
    state: 'state-1',
    resource: 'https://school.example/api',
    ...changes,
  };
  for (const [name, value] of Object.entries(params))
    if (value !== null) url.searchParams.set(name, value);
  return url.href;
}

describe('authorizationUrlProblem', () => {
  it('accepts an authorization request to a discovered endpoint', () => {
    expect(authorizationUrlProblem(request(), [endpoint])).toBeNull();
  });

  it('accepts http on loopback (the stand-in platform)', () => {
    const local = 'http://127.0.0.1:4010/oauth/authorize';
    expect(authorizationUrlProblem(request({}, local), [local])).toBeNull();
  });

  it('refuses schemes the OS would hand to other programs', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://server/share',
      'ms-msdt:/id PCWDiagnostic',
      'schooldesk://callback',
      'data:text/html,hi',
    ])
      expect(authorizationUrlProblem(url, [endpoint]), url).toMatch(/scheme/);
    expect(authorizationUrlProblem('not a url', [endpoint])).toBe('not a URL');
  });

  it('refuses plain http off loopback, even when it was discovered', () => {
    const plain = 'http://school.example/oauth/authorize';
    expect(authorizationUrlProblem(request({}, plain), [plain])).toMatch(/scheme/);
  });

  it('refuses URLs that are not on a discovered endpoint', () => {
    expect(authorizationUrlProblem(request(), [])).toMatch(/discovered/);
    expect(
      authorizationUrlProblem(request({}, 'https://evil.example/oauth/authorize'), [endpoint]),
    ).toMatch(/discovered/);
    expect(
      authorizationUrlProblem(request({}, 'https://school.example/other'), [endpoint]),
    ).toMatch(/discovered/);
    expect(
      authorizationUrlProblem(request({}, 'https://school.example:8443/oauth/authorize'), [
        endpoint,
      ]),
    ).toMatch(/discovered/);
  });

  it('refuses credentials in the URL', () => {
    expect(
      authorizationUrlProblem(request({}, 'https://user:pw@school.example/oauth/authorize'), [
        endpoint,
      ]),
    ).toMatch(/credentials/);
  });

  it('refuses anything but a PKCE S256 code request back to our loopback listener', () => {
    expect(authorizationUrlProblem(request({ response_type: 'token' }), [endpoint])).toMatch(
      /code request/,
    );
    expect(
      authorizationUrlProblem(request({ code_challenge_method: 'plain' }), [endpoint]),
    ).toMatch(/S256/);
    for (const missing of ['client_id', 'redirect_uri', 'scope', 'state', 'code_challenge'])
      expect(authorizationUrlProblem(request({ [missing]: null }), [endpoint])).toBe(
        `no ${missing}`,
      );
    expect(
      authorizationUrlProblem(request({ redirect_uri: 'https://evil.example/cb' }), [endpoint]),
    ).toMatch(/loopback/);
  });
});
