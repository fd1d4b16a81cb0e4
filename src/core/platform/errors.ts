import type { PlatformErrorCode as SharedCode } from '../../shared/platform-errors';
import { englishError } from '../i18n/english';

/**
 * Named failures of the platform client. Callers branch on `code` (or the subclass), never
 * on message text, and a user is shown a sentence, never a stack or a raw body.
 */

/** The codes a PlatformError carries (their sentences are in the errors catalog). */
export type PlatformErrorCode = Exclude<SharedCode, 'job_cancelled' | 'job_unknown'>;

/** A failure of a platform call with a named code and, when there was one, the HTTP status. */
export class PlatformError extends Error {
  constructor(
    readonly code: PlatformErrorCode,
    options: {
      status?: number;
      /** The server's own error code (e.g. `insufficient_scope`), for logs and branching. */
      serverCode?: string;
      detail?: string;
      cause?: unknown;
    } = {},
  ) {
    super(options.detail ? `${englishError(code)} (${options.detail})` : englishError(code), {
      cause: options.cause,
    });
    this.name = 'PlatformError';
    this.status = options.status;
    this.serverCode = options.serverCode;
  }

  readonly status: number | undefined;
  readonly serverCode: string | undefined;
}

/** 422, or 409 naming the unique field that clashed: one plain message per field. */
export class ValidationError extends PlatformError {
  constructor(
    readonly fields: Record<string, string>,
    status: number,
    serverCode?: string,
  ) {
    super('validation_failed', { status, serverCode, detail: Object.keys(fields).join(', ') });
    this.name = 'ValidationError';
  }
}

/** 412 on an update or delete: the server's current record and its ETag, to show both versions. */
export class ConflictError<T = unknown> extends PlatformError {
  constructor(
    readonly current: T,
    readonly currentEtag: string | undefined,
  ) {
    super('precondition_failed', { status: 412, serverCode: 'precondition_failed' });
    this.name = 'ConflictError';
  }
}

/** 429 that retrying did not get past; `retryAfterMs` is what the server last asked for. */
export class RateLimitedError extends PlatformError {
  constructor(readonly retryAfterMs: number | undefined) {
    super('rate_limited', { status: 429, serverCode: 'rate_limited' });
    this.name = 'RateLimitedError';
  }
}

/** True when `error` is a PlatformError with one of `codes` (any code when none is given). */
export function isPlatformError(
  error: unknown,
  ...codes: PlatformErrorCode[]
): error is PlatformError {
  return error instanceof PlatformError && (codes.length === 0 || codes.includes(error.code));
}

/** Error codes (AuthError, PlatformError) that say the school did not answer at all. */
const NO_ANSWER_CODES: ReadonlySet<unknown> = new Set([
  'network_error',
  'no_answer',
  'school_unreachable',
]);

/**
 * Did the school not answer at all? The one rule for "no answer", as opposed to an answer
 * that said no: fetch's TypeError (refused, reset, dropped), a deadline (TimeoutError, or
 * AuthError `no_answer`), a coded network failure, or a request aborted by a signal whose
 * reason is a timeout. A caller's own cancel is not one, nor an oauth4webapi TypeError (a bad
 * argument, which carries a `code` and would fail the same way again).
 */
export function isNoAnswer(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return (signal.reason as { name?: unknown } | null)?.name === 'TimeoutError';
  if (error instanceof TypeError) return !('code' in error);
  const named = error as { name?: unknown; code?: unknown } | null;
  return named?.name === 'TimeoutError' || NO_ANSWER_CODES.has(named?.code);
}
