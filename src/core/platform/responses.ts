import type { z } from 'zod';
import { isUsableEtag } from '../../shared/etag';
import { ConflictError, PlatformError, ValidationError } from './errors';
import { errorBodySchema } from './schemas';

/**
 * Turning platform answers into validated values or named errors. Nothing here throws
 * anything but a PlatformError: a body that is not JSON, or JSON of the wrong shape, becomes
 * `invalid_response` rather than a crash deeper in the app.
 */

/** How a zod failure reads in a log line: the first few paths and messages, no values. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/** The body as text and as the JSON it holds, or `invalid_response` when it holds none. */
async function bodyOf(response: Response): Promise<{ text: string; value: unknown }> {
  const text = await response.text().catch((error: unknown) => {
    throw new PlatformError('network_error', { cause: error, detail: 'answer cut off' });
  });
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch (error) {
    throw new PlatformError('invalid_response', {
      status: response.status,
      cause: error,
      detail: 'not JSON',
    });
  }
}

/** The body as JSON, or `invalid_response`. */
async function jsonOf(response: Response): Promise<unknown> {
  return (await bodyOf(response)).value;
}

/**
 * The answer's ETag, or undefined when it has none this client could send back as If-Match
 * (empty, `*`). Such a record is treated as one whose version is unknown: a save on it first
 * asks the school for its version and compares (conditional-writes.ts), never goes
 * unconditionally. Refusing the whole answer instead would hide a readable record.
 */
export function etagOf(response: Response): string | undefined {
  const tag = response.headers.get('ETag');
  return tag !== null && isUsableEtag(tag) ? tag : undefined;
}

/** Parses `value` with `schema`, or throws `invalid_response` naming what did not match. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, status?: number) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new PlatformError('invalid_response', {
      status,
      cause: parsed.error,
      detail: describeIssues(parsed.error),
    });
  }
  return parsed.data;
}

/**
 * How deeply a record may nest objects and arrays. SECURITY: JSON.parse reads any depth, but
 * what comes after does not: JSON.stringify (the mirror, the web bridge), zod and structured
 * clone (Electron's IPC) recurse, and throw past about 4,000 levels, so a record that deep
 * would fail its page at every sync, forever. The deepest record the platform documents is a
 * course: course → sections → lectures → a lecture's fields, six levels with their arrays;
 * 32 leaves room for fields we do not know. (A record's size is bounded by its answer's,
 * MAX_API_RESPONSE_BYTES.)
 */
export const MAX_RECORD_DEPTH = 32;

/**
 * Whether `value` nests deeper than `limit` levels. It recurses, but never more than `limit`
 * calls deep, so any depth is safe to ask; and it allocates nothing, as a sync asks it of
 * every record it reads (a stack of its own made 31 MiB of garbage in a first sync of
 * 100,000 students).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit < 1) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) if (nestsDeeperThan(value[i], limit - 1)) return true;
    return false;
  }
  for (const key in value)
    if (
      Object.hasOwn(value, key) &&
      nestsDeeperThan((value as Record<string, unknown>)[key], limit - 1)
    )
      return true;
  return false;
}

/** Parses one record, refusing one nested past MAX_RECORD_DEPTH as its schema would. */
function safeParseRecord<S extends z.ZodType>(schema: S, value: unknown) {
  if (nestsDeeperThan(value, MAX_RECORD_DEPTH)) return { success: false as const };
  return schema.safeParse(value);
}

/** A list page's records, each read on its own; see `readRecords`. */
export type ReadRecords<T> = {
  /** One entry per record the server sent, in its order; undefined where it was unreadable. */
  slots: (T | undefined)[];
  /** How many records failed their schema. */
  unreadable: number;
};

/**
 * Reads each record of a list page on its own, so one malformed record (or one nested past
 * MAX_RECORD_DEPTH) costs its own row and not the whole page. An unreadable record leaves a hole at its place: windows are cut
 * by position, so the rows after it keep theirs. Nothing of the record is kept, thrown or
 * logged (its values are the school's data): only the count.
 */
export function readRecords<S extends z.ZodType>(
  schema: S,
  nodes: readonly unknown[],
): ReadRecords<z.output<S>> {
  let unreadable = 0;
  const slots = nodes.map((node) => {
    const parsed = safeParseRecord(schema, node);
    if (parsed.success) return parsed.data;
    unreadable += 1;
    return undefined;
  });
  return { slots, unreadable };
}

/** A 2xx answer's body, validated; any other status becomes the matching named error. */
export async function readAnswer<S extends z.ZodType>(
  response: Response,
  schema: S,
  recordSchema: z.ZodType,
): Promise<z.output<S>> {
  return (await readAnswerText(response, schema, recordSchema)).answer;
}

/** readAnswer's answer, with the body's text as the school sent it. */
export async function readAnswerText<S extends z.ZodType>(
  response: Response,
  schema: S,
  recordSchema: z.ZodType,
): Promise<{ answer: z.output<S>; text: string }> {
  if (!response.ok) throw await errorOf(response, recordSchema);
  const { text, value } = await bodyOf(response);
  // An answer that is itself one record is bounded as a list's records are.
  if (schema === recordSchema) refuseTooDeep(value, response.status);
  return { answer: validate(schema, value, response.status), text };
}

/** Throws `invalid_response` for a record nested past MAX_RECORD_DEPTH. */
function refuseTooDeep(record: unknown, status: number): void {
  if (nestsDeeperThan(record, MAX_RECORD_DEPTH))
    throw new PlatformError('invalid_response', { status, detail: 'record nested too deep' });
}

/** A 2xx answer whose body we do not need (204 of a delete), or the matching named error. */
export async function expectSuccess(response: Response, recordSchema: z.ZodType): Promise<void> {
  if (!response.ok) throw await errorOf(response, recordSchema);
  await response.body?.cancel().catch(() => undefined);
}

/**
 * Names a non-2xx answer. `recordSchema` validates the `current` record of a 412, so a
 * conflict view always gets a well-formed server version (or `invalid_response`).
 */
export async function errorOf(response: Response, recordSchema: z.ZodType): Promise<PlatformError> {
  const status = response.status;
  // Error bodies are read leniently: a proxy's HTML 502 page must still become server_error.
  const raw = await jsonOf(response).catch(() => ({}));
  const body = errorBodySchema.safeParse(raw);
  const {
    error: serverCode,
    error_description: description,
    fields,
    current,
  } = body.success ? body.data : {};
  if (status === 412) {
    refuseTooDeep(current, status);
    return new ConflictError(validate(recordSchema, current, status), etagOf(response));
  }
  // 409 with fields is a clash on a unique field (slug, e-mail, code): show it on that field.
  if ((status === 422 || status === 409) && fields) {
    return new ValidationError(fields, status, serverCode);
  }
  if (status === 404) return new PlatformError('not_found', { status, serverCode });
  // The key of a create whose first attempt succeeded, sent with other values: the record
  // exists (only successful attempts are kept under a key), so this is not a refusal to fix.
  if (status === 422 && serverCode === 'idempotency_key_reused')
    return new PlatformError('already_created', { status, serverCode });
  if (status >= 500) return new PlatformError('server_error', { status, serverCode });
  return new PlatformError('request_failed', { status, serverCode, detail: description });
}
