/**
 * Named failures of the platform client. Callers branch on `code` (or the subclass), never
 * on message text, and a user is shown a sentence, never a stack or a raw body.
 */

/** The codes a PlatformError carries. */
export type PlatformErrorCode =
  /** The answer did not match the schema we expect (or was not JSON). */
  | 'invalid_response'
  /** No answer: refused, reset or dropped connection, after any retries. */
  | 'network_error'
  /** 429 after the retries allowed, or a Retry-After longer than we are willing to wait. */
  | 'rate_limited'
  /** 5xx after any retries (or at once for writes that must not be repeated). */
  | 'server_error'
  | 'not_found'
  /** 422, or 409 on a unique field: see `ValidationError.fields`. */
  | 'validation_failed'
  /** 412: the record changed on the server; see `ConflictError.current`. */
  | 'precondition_failed'
  /** Any other 4xx, e.g. 401/403 that the transport could not resolve. */
  | 'request_failed';

const SENTENCES: Record<PlatformErrorCode, string> = {
  invalid_response: 'The platform sent an answer Schooldesk does not understand.',
  network_error: 'The platform could not be reached.',
  rate_limited: 'The platform is busy with too many requests; try again in a moment.',
  server_error: 'The platform had a problem completing the request.',
  not_found: 'That record no longer exists on the platform.',
  validation_failed: 'Some fields are not valid.',
  precondition_failed: 'The record changed on the platform since you opened it.',
  request_failed: 'The platform refused the request.',
};

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
    super(options.detail ? `${SENTENCES[code]} (${options.detail})` : SENTENCES[code], {
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
