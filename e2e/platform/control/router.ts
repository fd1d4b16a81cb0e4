import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { z } from 'zod';
import type { PlatformDatabase } from '../db/database';
import type { TokenControl } from '../types';
import { requireRecord, updateRecord } from '../api/entity';
import { enrollments } from '../api/enrollments';
import { ApiError, bodyParseError, errorBoundary, parseOrThrow } from '../http/errors';
import { etagOf } from '../api/etag';
import { resourceByTable } from '../api/resources';
import { resourceMetadataUrl } from '../schools';
import { CONTROL_PREFIX } from './middleware';
import { DOCUMENTED_FIELDS } from './answer-shape';
import type { ControlState } from '../http/control-state';

const latencyBody = z.strictObject({
  ms: z.int().min(0).max(120_000),
  pathPrefix: z.string().startsWith('/').optional(),
});

const faultKind = z.enum(['500', '503', '429', 'drop', 'drop-after', 'drip']);
/** What both forms of a fault rule share: which requests, how often, how many. */
const faultScope = {
  rate: z.number().min(0).max(1),
  pathPrefix: z.string().startsWith('/').optional(),
  methods: z
    .array(z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']))
    .min(1)
    .optional(),
  count: z.int().min(1).optional(),
};

/** Off, one kind for every fault, or kinds taken in turn (never both `kind` and `kinds`). */
const faultBody = z.union([
  z.strictObject({ off: z.literal(true) }),
  z.strictObject({ ...faultScope, kind: faultKind }),
  z.strictObject({ ...faultScope, kinds: z.array(faultKind).min(1).max(100) }),
]);

const rateLimitBody = z.union([
  z.strictObject({ off: z.literal(true) }),
  z.strictObject({ reads: z.int().min(1), writes: z.int().min(1) }),
]);

const answerShapeBody = z.strictObject({
  documentedOnly: z.boolean().optional(),
  extraFields: z.record(z.string().min(1), z.json()).optional(),
  claimedTotalPages: z.int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** Raw values bypass validation on purpose; only the id, which names the record, is refused. */
const rawFieldsBody = z
  .record(z.string().min(1), z.json())
  .refine((fields) => !('id' in fields), 'The id cannot be changed.');

const tokenBody = z.strictObject({
  accountId: z.string().min(1),
  scopes: z.array(z.string().min(1)),
  ttlSeconds: z.int().min(1).optional(),
  resource: z.url().optional(),
});

/**
 * The control API under `/__control` for tests and demos (mount only when
 * `PlatformOptions.control` is true, and only on loopback):
 *
 * - `POST /latency {ms, pathPrefix?}`: delay every non-control request.
 * - `POST /faults {rate, kind, pathPrefix?, methods?, count?}`, `{rate, kinds: [...], ...}` or
 *   `{off: true}`: matching requests (under `pathPrefix`, with one of `methods`) fail
 *   deterministically at `rate` (1 = all, 0.2 = every 5th), for `count` faults. Kinds: `500`,
 *   `503` and `429` answer at once with Retry-After (not 500) and apply nothing; `drop` closes the
 *   connection before the handler runs; `drop-after` runs it (the write stands, an
 *   Idempotency-Key result is stored) and then closes the connection: a lost answer; `drip`
 *   runs it and sends the answer's headers at once and its body a byte at a time. `kinds`
 *   gives the faults those kinds in turn, e.g. `{rate: 0.2, kinds: ['500','503','drop-after',
 *   '429'], methods: ['POST','PATCH','PUT','DELETE']}` for a mixed run that repeats exactly.
 * - `POST /rate-limit {reads, writes}` or `{off: true}`.
 * - `POST /clients/:clientId/expire-tokens`, `.../revoke-tokens` → `{ count }`.
 * - `POST /tokens {accountId, scopes, ttlSeconds?, resource?}` → `{ accessToken, clientId }`:
 *   a token for the school `resource` names (the first school when omitted).
 * - `POST /second-school`: serves the second school from now on (see
 *   `PlatformOptions.secondSchool`) → `{ resource, metadata }`. Idempotent.
 * - `PATCH /records/:entity/:id` with the fields to change (bare, or as `{ fields }`): a server-side edit, exactly like another client's
 *   update (version and updatedAt bump), to make conflicts. Entities: courses, students,
 *   coupons, pages, enrollments.
 * - `POST /answer-shape {documentedOnly?, extraFields?, claimedTotalPages?}`: record answers
 *   carry only the fields NOTES.md documents, and/or these extra fields, and/or every list
 *   claims this many pages, as a hostile school might (omitted members: all fields, no
 *   extras, the true totalPages).
 *   `npm run platform -- --documented-fields-only` starts in the first mode.
 * - `PUT /raw/:entity/:id {field: value, ...}`: from now on this record is answered with these
 *   values as they are, unvalidated (a name that is a number, a missing-looking null), to make
 *   one record malformed. `{}` clears them; the stored record does not change.
 * - `GET /counters`: `{total, byStatus, byRoute: {'POST /api/v1/courses': {total, byStatus,
 *   replayed?}}}`. Statuses are codes, or `dropped`, `dropped-after` (applied, answer lost) and
 *   `dropped-after-<code>` (the handler failed: nothing applied); `replayed` counts
 *   Idempotency-Key replays, so the records a course, coupon or page POST created are
 * `201 + dropped-after - replayed`.
 * - `GET /state`, `POST /reset` (also clears raw values and restores the
 *   answer shape the server started with).
 *
 * Every answer is JSON; errors use the business API's error shape.
 */
export function createControlRouter(
  state: ControlState,
  deps: {
    db: PlatformDatabase;
    tokens: TokenControl;
    /** Turns the second school on; resolves to its resource. */
    enableSecondSchool?: () => Promise<string>;
  },
): Router {
  const { db, tokens } = deps;
  const router = new Router({ prefix: CONTROL_PREFIX });
  // Koa 3's ctx.origin is the Origin header (null without one), not this server's base URL.
  router.use(async (ctx, next) => errorBoundary(`${ctx.protocol}://${ctx.host}`)(ctx, next));
  router.use(bodyParser({ enableTypes: ['json'], onError: bodyParseError }));
  const body = (ctx: { request: { body?: unknown } }) => ctx.request.body ?? {};

  router.get('/state', (ctx) => {
    ctx.body = state.snapshot();
  });

  router.post('/latency', (ctx) => {
    const { ms, pathPrefix } = parseOrThrow(latencyBody, body(ctx));
    state.latencyMs = ms;
    state.latencyPathPrefix = pathPrefix;
    ctx.body = state.snapshot();
  });

  router.post('/faults', (ctx) => {
    const input = parseOrThrow(faultBody, body(ctx));
    state.setFault('off' in input ? null : input);
    ctx.body = state.snapshot();
  });

  router.post('/rate-limit', (ctx) => {
    const input = parseOrThrow(rateLimitBody, body(ctx));
    state.setRateLimit('off' in input ? null : input);
    ctx.body = state.snapshot();
  });

  router.post('/clients/:clientId/expire-tokens', async (ctx) => {
    ctx.body = { count: await tokens.expireClientTokens(ctx.params.clientId ?? '') };
  });

  router.post('/clients/:clientId/revoke-tokens', async (ctx) => {
    ctx.body = { count: await tokens.revokeClientTokens(ctx.params.clientId ?? '') };
  });

  router.post('/tokens', async (ctx) => {
    const input = parseOrThrow(tokenBody, body(ctx));
    ctx.status = 201;
    ctx.body = await tokens.mintAccessToken(input);
  });

  router.post('/second-school', async (ctx) => {
    if (!deps.enableSecondSchool) throw new ApiError(404, 'not_found', 'No second school here.');
    const resource = await deps.enableSecondSchool();
    ctx.body = { resource, metadata: resourceMetadataUrl(resource) };
  });

  router.patch('/records/:entity/:id', (ctx) => {
    const entity = ctx.params.entity ?? '';
    const def = entity === 'enrollments' ? enrollments : resourceByTable(entity);
    if (!def) throw new ApiError(404, 'not_found', `Unknown entity ${entity}.`);
    const current = requireRecord(db, def, ctx.params.id ?? '');
    // The changes may come bare or wrapped as `{ fields: {...} }`.
    const raw = body(ctx);
    const wrapped =
      raw && typeof raw === 'object' && 'fields' in raw && Object.keys(raw).length === 1;
    const changes = wrapped ? raw.fields : raw;
    // Same validation and bookkeeping as a client's PATCH, so the record stays valid.
    const updated = updateRecord(db, def, current, parseOrThrow(def.update, changes));
    ctx.set('ETag', etagOf(updated));
    ctx.body = updated.record;
  });

  router.post('/answer-shape', (ctx) => {
    state.setAnswerShape(parseOrThrow(answerShapeBody, body(ctx)));
    ctx.body = state.snapshot().answerShape;
  });

  router.put('/raw/:entity/:id', (ctx) => {
    const entity = ctx.params.entity ?? '';
    const def = entity === 'enrollments' ? enrollments : resourceByTable(entity);
    if (!def || !(entity in DOCUMENTED_FIELDS))
      throw new ApiError(404, 'not_found', `Unknown entity ${entity}.`);
    const current = requireRecord(db, def, ctx.params.id ?? '');
    state.setRawFields(entity, current.record.id, parseOrThrow(rawFieldsBody, body(ctx)));
    ctx.body = { ...current.record, ...state.rawFieldsOf(entity, current.record.id) };
  });

  router.get('/counters', (ctx) => {
    ctx.body = state.counters.snapshot();
  });

  router.post('/reset', (ctx) => {
    state.reset();
    ctx.body = state.snapshot();
  });

  return router;
}
