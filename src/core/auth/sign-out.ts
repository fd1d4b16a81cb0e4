import * as oauth from 'oauth4webapi';
import type { AuthDeps } from './deps';
import { AuthError, toAuthError } from './errors';
import { requestOptions } from './http-policy';
import { schoolMetadata } from './metadata-cache';

/** What sign-out achieved; local data is gone either way. */
export type SignOutResult = { revoked: true } | { revoked: false; error: AuthError };

/**
 * Signs out of one school: revokes the refresh token, then the access token (RFC 7009, with
 * `client_id`), and deletes the school's tokens and local data whatever the outcome.
 */
export async function signOut(
  deps: AuthDeps,
  school: string,
  wipeSchoolData: (school: string) => Promise<void> | void,
): Promise<SignOutResult> {
  let failure: AuthError | undefined;
  try {
    const set = await deps.store.load(school);
    if (set) {
      const school = await schoolMetadata(set.baseUrl, deps);
      const { as } = school;
      if (!as.revocation_endpoint)
        throw new AuthError('revocation_failed', { detail: 'no revocation endpoint' });
      const client: oauth.Client = { client_id: set.clientId, token_endpoint_auth_method: 'none' };
      const options = requestOptions(deps.fetch, new URL(as.revocation_endpoint));
      for (const token of [set.refreshToken, set.accessToken]) {
        if (!token) continue;
        await oauth.processRevocationResponse(
          await oauth.revocationRequest(as, client, oauth.None(), token, options),
        );
      }
    }
  } catch (error) {
    const mapped = toAuthError(error, 'revocation_failed');
    failure =
      mapped.code === 'revocation_failed'
        ? mapped
        : new AuthError('revocation_failed', { cause: error, detail: mapped.code });
    deps.log.warn(`revocation for ${school} failed: ${failure.message}`);
  } finally {
    deps.store.delete(school);
    await wipeSchoolData(school);
  }
  return failure ? { revoked: false, error: failure } : { revoked: true };
}
