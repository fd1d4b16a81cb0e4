import { schoolKeyOf } from '../../../src/core/auth/school-key';
import type { TokenSet } from '../../../src/core/auth/token-set';

/** A school's token set as the token store keeps one, for tests of what stores it. */
export const sampleTokenSet: TokenSet = {
  issuer: 'https://school.example',
  baseUrl: 'https://school.example',
  clientId: 'client-1',
  accessToken: 'access-token-value-0123456789',
  refreshToken: 'refresh-token-value-0123456789',
  scopes: ['openid', 'courses:read'],
  expiresAt: Date.now() + 3_600_000,
};

/** The key core files `sampleTokenSet`'s school under. */
export const sampleSchoolKey = schoolKeyOf(sampleTokenSet);
