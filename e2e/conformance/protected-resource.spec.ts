import { WELL_KNOWN } from '../platform/seed';
import { test, expect, getJson, post } from '../support/fixtures';

/** Parses `Bearer a="b", c="d"` into its parameters. */
function challenge(header: string | null): Record<string, string> {
  expect(header).toMatch(/^Bearer /);
  return Object.fromEntries([...header!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

test.describe('protected resources (service-access.md, Authentication rules)', () => {
  test('a request without any token is served as anonymous, not challenged', async ({
    platform,
  }) => {
    const courses = await getJson(`${platform.url}/api/v1/courses?perPage=50`);
    expect(courses.status).toBe(200);
    expect(courses.headers.get('www-authenticate')).toBeNull();
    const nodes = courses.body.nodes as { publishedAt: number | null }[];
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes.every((c) => c.publishedAt !== null)).toBe(true);
    for (const area of ['students', 'coupons']) {
      const list = await getJson(`${platform.url}/api/v1/${area}`);
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ nodes: [], totalCount: 0 });
    }
    const pages = await getJson(`${platform.url}/api/v1/pages?perPage=50`);
    expect((pages.body.nodes as { published: boolean }[]).every((p) => p.published)).toBe(true);
  });

  test('an anonymous write is refused with 403 forbidden, not challenged', async ({ platform }) => {
    const course = `${platform.url}/api/v1/courses/${WELL_KNOWN.publishedCourse.id}`;
    const enrollment = `${platform.url}/api/v1/students/${WELL_KNOWN.student.id}/enrollments/${WELL_KNOWN.publishedCourse.id}`;
    const writes: [string, string, object?][] = [
      ['POST', `${platform.url}/api/v1/courses`, { name: 'Nope', slug: 'nope' }],
      ['PATCH', course, { name: 'Nope' }],
      ['DELETE', course],
      ['PUT', enrollment, {}],
      ['POST', `${enrollment}/expire`],
    ];
    for (const [method, url, body] of writes) {
      const response = await fetch(url, {
        method,
        ...(body
          ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
          : {}),
      });
      const what = `${method} ${url}`;
      expect(response.status, what).toBe(403);
      expect(response.headers.get('www-authenticate'), what).toBeNull();
      expect(await response.json(), what).toMatchObject({ error: 'forbidden' });
    }
    const untouched = await getJson(course);
    expect(untouched.body.name).toBe(WELL_KNOWN.publishedCourse.name);
  });

  test('anonymous userinfo is refused with 403 forbidden, not challenged', async ({ platform }) => {
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${platform.url}/api/oauth/userinfo`, { method });
      expect(response.status, method).toBe(403);
      expect(response.headers.get('www-authenticate'), method).toBeNull();
      expect(await response.json(), method).toMatchObject({ error: 'forbidden' });
    }
    const malformed = await fetch(`${platform.url}/api/oauth/userinfo`, {
      headers: { Authorization: 'Bearer not-a-real-token' },
    });
    expect(malformed.status).toBe(401);
    expect(challenge(malformed.headers.get('www-authenticate')).error).toBe('invalid_token');
  });

  test('/openapi.json says what each operation gives anonymous callers', async ({ platform }) => {
    type Operation = { 'x-anonymous'?: string; security?: object[] };
    const { body } = await getJson(`${platform.url}/openapi.json`);
    const doc = body as {
      paths: Record<string, Record<string, Operation>>;
      'x-anonymous': { operations: Record<string, string>; userinfo: string };
    };
    expect(Object.keys(doc['x-anonymous'].operations).sort()).toEqual([
      'hidden',
      'published-only',
      'refused',
    ]);
    expect(doc['x-anonymous'].userinfo).toMatch(/403 forbidden/);
    const expected = (path: string, method: string) => {
      if (method !== 'get') return 'refused';
      return /\/api\/v1\/(courses|pages)/.test(path) ? 'published-only' : 'hidden';
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        expect(operation['x-anonymous'], `${method} ${path}`).toBe(expected(path, method));
      }
    }
  });

  test('an invalid or malformed token gets 401 invalid_token with a challenge', async ({
    platform,
  }) => {
    for (const header of ['Bearer not-a-real-token', 'Bearer']) {
      const response = await fetch(`${platform.url}/api/v1/courses`, {
        headers: { Authorization: header },
      });
      expect(response.status, header).toBe(401);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ error: 'invalid_token' });
      expect(typeof body.error_uri).toBe('string');
      expect(challenge(response.headers.get('www-authenticate'))).toMatchObject({
        error: 'invalid_token',
        resource_metadata: `${platform.url}/.well-known/oauth-protected-resource`,
      });
    }
  });

  test('credentials of another scheme get a Bearer challenge without an error code (RFC 6750 §3.1)', async ({
    platform,
  }) => {
    for (const url of [`${platform.url}/api/v1/courses`, `${platform.url}/api/oauth/userinfo`]) {
      const response = await fetch(url, { headers: { Authorization: 'Basic dXNlcjpwYXNz' } });
      expect(response.status, url).toBe(401);
      const parameters = challenge(response.headers.get('www-authenticate'));
      expect(parameters, url).toEqual({
        resource_metadata: `${platform.url}/.well-known/oauth-protected-resource`,
      });
      // The body keeps the API's envelope, with a code that is none of RFC 6750's.
      const body = (await response.json()) as Record<string, unknown>;
      expect(body, url).toMatchObject({ error: 'unauthorized' });
      expect(body.error_uri, url).toBe(`${platform.url}/auth.md#unauthorized`);
    }
  });

  test('a valid token lacking the scope gets 403 insufficient_scope naming it', async ({
    signInAs,
    platform,
  }) => {
    const { tokens } = await signInAs({ scope: 'openid courses:read' });
    expect((await getJson(`${platform.url}/api/v1/courses`, tokens.access_token)).status).toBe(200);
    const students = await getJson(`${platform.url}/api/v1/students`, tokens.access_token);
    expect(students.status).toBe(403);
    expect(students.body.error).toBe('insufficient_scope');
    expect(challenge(students.headers.get('www-authenticate')).scope).toBe('students:read');
  });

  test('reads need :read and writes need :write', async ({ signInAs, platform }) => {
    const { tokens } = await signInAs({ scope: 'openid courses:read' });
    const response = await fetch(`${platform.url}/api/v1/courses`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${tokens.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'Needs write', slug: 'needs-write' }),
    });
    expect(response.status).toBe(403);
    expect(challenge(response.headers.get('www-authenticate')).scope).toBe('courses:write');
  });

  test('the control API expires and revokes a client\u2019s tokens', async ({
    signInAs,
    platform,
  }) => {
    const first = await signInAs({ scope: 'openid courses:read' });
    const control = `${platform.url}/__control/clients/${first.client.client_id}`;
    expect((await post(`${control}/expire-tokens`, {})).status).toBe(200);
    expect(
      (await getJson(`${platform.url}/api/v1/courses`, first.tokens.access_token)).status,
    ).toBe(401);

    const second = await signInAs({ scope: 'openid courses:read' });
    expect(
      (await getJson(`${platform.url}/api/v1/courses`, second.tokens.access_token)).status,
    ).toBe(200);
    expect(
      (await post(`${platform.url}/__control/clients/${second.client.client_id}/revoke-tokens`, {}))
        .status,
    ).toBe(200);
    expect(
      (await getJson(`${platform.url}/api/v1/courses`, second.tokens.access_token)).status,
    ).toBe(401);
    const refresh = await post(
      second.as.token_endpoint!,
      {
        grant_type: 'refresh_token',
        refresh_token: second.tokens.refresh_token!,
        client_id: second.client.client_id,
      },
      true,
    );
    expect(refresh.body.error).toBe('invalid_grant');
  });

  test('a token for another audience is refused by the API', async ({ platform }) => {
    // The API checks the token's aud, not its scope alone: a token oidc-provider issued
    // without the API audience must not pass even though it carries courses:read.
    const owner = '6f1c2a7e-3b1d-4c1e-9d1a-0a0000000001';
    const minted = await post(`${platform.url}/__control/tokens`, {
      accountId: owner,
      scopes: ['courses:read'],
    });
    expect(
      (await getJson(`${platform.url}/api/v1/courses`, String(minted.body.accessToken))).status,
    ).toBe(200);
    const client = await platform.provider.Client.find(String(minted.body.clientId));
    const grant = new platform.provider.Grant({ accountId: owner, clientId: client!.clientId });
    grant.addOIDCScope('courses:read');
    const unbound = new platform.provider.AccessToken({
      accountId: owner,
      client: client!,
      grantId: await grant.save(),
      scope: 'courses:read',
      gty: 'authorization_code',
    });
    const response = await getJson(`${platform.url}/api/v1/courses`, await unbound.save());
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('invalid_token');
  });
});
