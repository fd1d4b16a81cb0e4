import { describe, expect, it } from 'vitest';
import { maskAuthorizationUrl } from './masked-url';

describe('maskAuthorizationUrl', () => {
  const state = 'Zk3q-state-value-1234567890';
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
  const url =
    'https://school.example/oauth/authorize?client_id=abc&response_type=code' +
    `&scope=courses%3Aread&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcallback&state=${state}` +
    `&code_challenge=${challenge}&code_challenge_method=S256&nonce=n-0S6_WzA2Mj`;

  it('keeps where the link goes and what it asks for', () => {
    const masked = maskAuthorizationUrl(url);
    expect(masked).toMatch(/^https:\/\/school\.example\/oauth\/authorize\?client_id=abc&/);
    expect(masked).toContain('scope=courses%3Aread');
    expect(masked).toContain('code_challenge_method=S256');
  });

  it('masks state, code_challenge and any parameter it does not know', () => {
    const masked = maskAuthorizationUrl(url);
    expect(masked).not.toContain(state);
    expect(masked).not.toContain(challenge);
    expect(masked).not.toContain('n-0S6_WzA2Mj');
    expect(masked).toContain('state=[redacted]');
    expect(masked).toContain('code_challenge=[redacted]');
  });

  it('shows nothing of a link it cannot read', () => {
    expect(maskAuthorizationUrl('not a url')).toBe('[redacted]');
  });
});
