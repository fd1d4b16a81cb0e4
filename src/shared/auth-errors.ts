/**
 * Every way signing in, staying signed in or signing out can fail. Core raises these codes;
 * the renderer writes each one's sentence from the errors catalog (src/shared/locales/<lang>/
 * errors.json, `errors:<code>`) with a way forward, and logs read the English one.
 */
export const AUTH_ERROR_CODES = [
  'invalid_school_address',
  'discovery_failed',
  'issuer_mismatch',
  'resource_mismatch',
  'insecure_endpoint',
  'pkce_unsupported',
  'registration_unsupported',
  'registration_failed',
  'redirect_refused',
  'listener_failed',
  'browser_failed',
  'state_mismatch',
  'iss_mismatch',
  'access_denied',
  'authorization_failed',
  'invalid_grant',
  'invalid_client',
  'token_failed',
  'subject_mismatch',
  'audience_mismatch',
  'account_changed',
  'insufficient_scope',
  'step_up_limit',
  'timeout',
  'cancelled',
  // Also the platform's (platform-errors): one catalog entry per code, whichever side raised it.
  'network_error',
  'no_answer',
  'invalid_response',
  'not_signed_in',
  'stored_session_unreadable',
  'revocation_failed',
  'revocation_pending',
  'revocation_pending_memory',
  'revocation_refused',
] as const;

/** One of the named sign-in failures. */
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/**
 * How a sign-out the school did not confirm ended: retried until it does (kept on disk, or in
 * memory only where there is no keyring), or refused for good.
 */
export const SIGN_OUT_UNCONFIRMED = [
  'revocation_pending',
  'revocation_pending_memory',
  'revocation_refused',
] as const satisfies readonly AuthErrorCode[];

/** A sign-out the school did not confirm. */
export type SignOutUnconfirmed = (typeof SIGN_OUT_UNCONFIRMED)[number];
