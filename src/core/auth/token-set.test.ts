import type * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { summaryOf } from './auth-service';
import { tokenSetFrom, withEarlierRefusals } from './token-set';

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

describe('scopes the school refused at an earlier sign-in (Account → Not granted)', () => {
  const signedIn = (scopes: string[], requestedScopes: string[], sub = 'owner') => ({
    ...tokenSetFrom(response({ scope: scopes.join(' ') }), { ...context, requestedScopes }),
    sub,
  });

  it('stay listed after a step-up that asked only for another one', () => {
    const first = signedIn(
      ['openid', 'courses:read'],
      ['openid', 'courses:read', 'courses:write', 'coupons:write'],
    );
    const steppedUp = signedIn(
      ['openid', 'courses:read'],
      ['openid', 'courses:read', 'courses:write'],
    );
    expect(summaryOf(withEarlierRefusals(steppedUp, first)).declinedScopes.sort()).toEqual([
      'coupons:write',
      'courses:write',
    ]);
  });

  it('leave the list once granted, and belong to their account only', () => {
    const first = signedIn(['openid'], ['openid', 'courses:write']);
    const granted = signedIn(['openid', 'courses:write'], ['openid', 'courses:write']);
    expect(summaryOf(withEarlierRefusals(granted, first)).declinedScopes).toEqual([]);
    const other = signedIn(['openid'], ['openid'], 'someone-else');
    expect(summaryOf(withEarlierRefusals(other, first)).declinedScopes).toEqual([]);
  });
});
