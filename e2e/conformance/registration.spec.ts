import { test, expect, post } from '../support/fixtures';

const register = (base: string, metadata: Record<string, unknown>) =>
  post(`${base}/api/oauth/register`, {
    client_name: 'Registration test',
    application_type: 'native',
    token_endpoint_auth_method: 'none',
    ...metadata,
  });

test.describe('dynamic client registration (RFC 7591)', () => {
  test('a native public client with a loopback redirect URI is registered', async ({
    platform,
  }) => {
    const { status, body } = await register(platform.url, {
      redirect_uris: ['http://127.0.0.1:8765/callback'],
    });
    expect(status).toBe(201);
    expect(typeof body.client_id).toBe('string');
    expect(body.token_endpoint_auth_method).toBe('none');
    expect(body.client_secret).toBeUndefined();
  });

  test('a confidential client (client_secret_post) receives its client_secret', async ({
    platform,
  }) => {
    const { status, body } = await register(platform.url, {
      redirect_uris: ['http://127.0.0.1:8765/callback'],
      token_endpoint_auth_method: 'client_secret_post',
    });
    expect(status).toBe(201);
    expect(body.token_endpoint_auth_method).toBe('client_secret_post');
    expect(typeof body.client_secret).toBe('string');
  });

  for (const redirect of [
    'https://app.example.com/callback',
    'http://localhost:8765/callback',
    'com.example.schooldesk:/callback',
    'http://[::1]:8765/callback',
    'http://192.168.1.10:8765/callback',
  ]) {
    test(`${redirect} is refused with invalid_redirect_uri`, async ({ platform }) => {
      const { status, body } = await register(platform.url, { redirect_uris: [redirect] });
      expect(status).toBe(400);
      expect(body.error).toBe('invalid_redirect_uri');
      expect(typeof body.error_description).toBe('string');
      expect(typeof body.error_uri).toBe('string');
    });
  }

  test('one non-loopback URI among loopback ones refuses the whole registration', async ({
    platform,
  }) => {
    const { status, body } = await register(platform.url, {
      redirect_uris: ['http://127.0.0.1:8765/callback', 'https://app.example.com/callback'],
    });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_redirect_uri');
  });
});
