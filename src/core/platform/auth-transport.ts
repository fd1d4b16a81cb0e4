import type { AuthService } from '../auth/auth-service';
import type { ApiTransport } from './retry';

/**
 * The transport the app gives the platform client: every request goes through the session's
 * AuthService, which adds the access token, refreshes it, and runs step-up on a 403
 * `insufficient_scope` when `onScopeRequired` agrees. SECURITY: the token never reaches this
 * module, so nothing in the platform client can log or leak it.
 */
export function authTransport(
  auth: Pick<AuthService, 'request'>,
  schoolId: string,
  onScopeRequired?: (missingScopes: string[]) => Promise<boolean>,
): ApiTransport {
  return (url, init) => auth.request(schoolId, url, { ...init, onScopeRequired });
}
