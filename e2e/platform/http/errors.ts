import type { Context, Next } from 'koa';
import type { z } from 'zod';
import {
  AnonymousRefusal,
  ScopeError,
  errorUri,
  sendAnonymousRefusal,
  sendScopeError,
} from './auth-context';

/** The error codes the business API answers with, besides the OAuth ones of auth-context. */
export type ApiErrorCode =
  | 'invalid_request'
  | 'not_found'
  | 'method_not_allowed'
  | 'validation_failed'
  | 'conflict'
  | 'precondition_failed'
  | 'idempotency_key_reused'
  | 'idempotency_key_in_use'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'rate_limited'
  | 'server_error';

/** Field name (dotted path for nested fields) → a plain sentence a user may read. */
export type FieldErrors = Record<string, string>;

/**
 * A business API error that the error boundary turns into `{ error, error_description,
 * error_uri, ...extra }`. Thrown rather than returned so handlers read straight through.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    readonly description: string,
    readonly options: {
      fields?: FieldErrors;
      /** Extra top-level members of the body, e.g. `current` on a 412. */
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(description);
  }

  /** The JSON body of this error. */
  toBody(baseUrl: string): Record<string, unknown> {
    return {
      error: this.code,
      error_description: this.description,
      error_uri: errorUri(baseUrl, this.code),
      ...(this.options.fields ? { fields: this.options.fields } : {}),
      ...this.options.extra,
    };
  }
}

/** 404 for a record that does not exist or that the caller may not see (same answer, on purpose). */
export function notFound(what: string): ApiError {
  return new ApiError(404, 'not_found', `${what} not found.`);
}

/** 422 with per-field messages. */
export function validationFailed(
  fields: FieldErrors,
  description = 'Some fields are not valid.',
): ApiError {
  return new ApiError(422, 'validation_failed', description, { fields });
}

/**
 * Turns zod issues into `fields`: the first message per field wins, so a user sees one clear
 * sentence per field. Unknown keys are reported under their own names.
 */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = [...issue.path, key].join('.');
        fields[path] ??= 'Unknown field';
      }
      continue;
    }
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[path] ??= issue.message;
  }
  return fields;
}

/** Parses `input` with `schema`, or throws a 422 naming every bad field. */
export function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(fieldErrorsOf(result.error));
  return result.data;
}

/** Koa and co-body throw `http-errors`; their status and `expose` say whether the text is safe. */
function httpErrorOf(error: unknown): { status: number; message: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, expose, message } = error as {
    status?: unknown;
    expose?: unknown;
    message?: unknown;
  };
  if (typeof status !== 'number' || status < 400 || status >= 500 || expose !== true)
    return undefined;
  return { status, message: typeof message === 'string' ? message : 'Bad request' };
}

/**
 * The outermost middleware of the business API: every failure becomes a JSON error body.
 * SECURITY: unexpected errors are logged here and answered with a fixed sentence, so no stack
 * trace or SQL text ever reaches a client.
 */
export function errorBoundary(baseUrl: string) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } catch (error) {
      if (error instanceof ScopeError) {
        sendScopeError(ctx, error, baseUrl);
        return;
      }
      if (error instanceof AnonymousRefusal) {
        sendAnonymousRefusal(ctx, error, baseUrl);
        return;
      }
      const apiError = error instanceof ApiError ? error : fromHttpError(error);
      if (!apiError) console.error('[platform api] unexpected error', error);
      const answer =
        apiError ?? new ApiError(500, 'server_error', 'The server could not complete the request.');
      ctx.status = answer.status;
      for (const [name, value] of Object.entries(answer.options.headers ?? {}))
        ctx.set(name, value);
      ctx.body = answer.toBody(baseUrl);
    }
  };
}

/**
 * The body parser's `onError`: co-body reports bad JSON and oversized bodies with a status
 * but without `expose`, so they are mapped here rather than left to the 500 path.
 */
export function bodyParseError(error: Error): never {
  const status = (error as { status?: unknown }).status;
  if (status === 413)
    throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
  if (status === 415)
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
  throw new ApiError(400, 'invalid_request', `The body is not valid JSON: ${error.message}`);
}

function fromHttpError(error: unknown): ApiError | undefined {
  const http = httpErrorOf(error);
  if (!http) return undefined;
  if (http.status === 413)
    return new ApiError(413, 'payload_too_large', 'The request body is too large.');
  if (http.status === 415)
    return new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
  // co-body's messages ("Unexpected token ... in JSON") describe the client's own input.
  return new ApiError(400, 'invalid_request', `The request could not be read: ${http.message}`);
}
