import * as oauth from 'oauth4webapi';
import type { AuthErrorCode } from '../../shared/auth-errors';
import { englishError } from '../i18n/english';

/**
 * A sign-in failure with a named code. Its message is the code's English sentence from the
 * catalog; what the school or the library said (`detail`) stays out of it, for logs only
 * ({@link authLogText}): the owner reads the code's sentence in their own language.
 */
export class AuthError extends Error {
  /** The school's or the library's own words (an OAuth error code, a check that failed). */
  readonly detail: string | undefined;

  constructor(
    readonly code: AuthErrorCode,
    options: { cause?: unknown; detail?: string } = {},
  ) {
    super(englishError(code), { cause: options.cause });
    this.name = 'AuthError';
    this.detail = options.detail;
  }
}

/** A failure as a log line: its code and detail for an AuthError, else its message. */
export function authLogText(error: unknown): string {
  if (error instanceof AuthError)
    return error.detail ? `${error.code} (${error.detail})` : error.code;
  return error instanceof Error ? error.message : String(error);
}

/** True when `error` is an AuthError with one of `codes` (any code when none is given). */
export function isAuthError(error: unknown, ...codes: AuthErrorCode[]): error is AuthError {
  return error instanceof AuthError && (codes.length === 0 || codes.includes(error.code));
}

/**
 * Maps what oauth4webapi or fetch threw to a named AuthError. `fallback` names the step that
 * failed; a protocol error code the server sent wins over it when we have a name for it.
 */
export function toAuthError(error: unknown, fallback: AuthErrorCode): AuthError {
  if (error instanceof AuthError) return error;
  if (
    error instanceof oauth.ResponseBodyError ||
    error instanceof oauth.AuthorizationResponseError
  ) {
    const known: Partial<Record<string, AuthErrorCode>> = {
      invalid_grant: 'invalid_grant',
      invalid_client: 'invalid_client',
      access_denied: 'access_denied',
      invalid_redirect_uri: 'redirect_refused',
    };
    return new AuthError(known[error.error] ?? fallback, { cause: error, detail: error.error });
  }
  if (error instanceof TypeError || (error as { name?: string } | null)?.name === 'AbortError') {
    // fetch reports unreachable hosts, refused connections and resets as TypeError.
    return new AuthError('network_error', { cause: error });
  }
  if (error instanceof oauth.OperationProcessingError) {
    return new AuthError(fallback, { cause: error, detail: error.code });
  }
  return new AuthError(fallback, { cause: error });
}
