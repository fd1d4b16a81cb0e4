import type * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { summaryOf } from './auth-service';
import { tokenSetFrom } from './token-set';

const context = {
  issuer: 'https://as.example',
  baseUrl: 'https://school.example',
  clientId: 'client',
  requestedScopes: ['openid', 'courses:read'],
  now: 0,
};
const response = (extra: Record<string, unknown> = {}) =>
  ({ access_token: 'at', token_type: 'bearer', ...extra }) as oauth.TokenEndpointResponse;

describe("the school's name (school_subdomain of the token response)", () => {
  it('is kept from the token response and reaches the session summary', () => {
    const set = tokenSetFrom(response({ school_subdomain: 'cream-academy' }), context);
    expect(set.schoolSubdomain).toBe('cream-academy');
    expect(summaryOf(set).schoolSubdomain).toBe('cream-academy');
  });

  it('survives a refresh that leaves it out', () => {
    const first = tokenSetFrom(response({ school_subdomain: 'demo' }), context);
    expect(tokenSetFrom(response(), context, first).schoolSubdomain).toBe('demo');
  });

  it('is left out when it is not a plain short name', () => {
    for (const sent of ['<b>x</b>', 'a b', 42, '', 'x'.repeat(64)]) {
      const set = tokenSetFrom(response({ school_subdomain: sent }), context);
      expect(set.schoolSubdomain, String(sent)).toBeUndefined();
      expect(summaryOf(set)).not.toHaveProperty('schoolSubdomain');
    }
  });
});

describe("the school's own name (RFC 9728 resource_name, from discovery)", () => {
  it('reaches the session summary and survives a refresh', () => {
    const first = { ...tokenSetFrom(response(), context), schoolName: 'Demo School' };
    expect(summaryOf(first).schoolName).toBe('Demo School');
    expect(tokenSetFrom(response(), context, first).schoolName).toBe('Demo School');
  });
});
