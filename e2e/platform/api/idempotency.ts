import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { PlatformDatabase } from '../db/database';
import { authOf } from '../http/auth-context';
import { nowSeconds } from './entity';
import { ApiError } from '../http/errors';

/** Keys are remembered this long, then a key may be used afresh. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** A key whose first request never finished (crash mid-request) is given up after this. */
const PENDING_STALE_SECONDS = 60;

type StoredKey = {
  requestHash: string;
  status: number | null;
  body: string | null;
  etag: string | null;
  location: string | null;
  createdAt: number;
};

/** JSON with sorted keys, so `{a,b}` and `{b,a}` are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(ctx: Context): string {
  return createHash('sha256')
    .update(`${ctx.method} ${ctx.path}\n${canonical(ctx.request.body ?? null)}`)
    .digest('hex');
}

/**
 * `Idempotency-Key` on POST (draft-ietf-httpapi-idempotency-key-header), per client and key,
 * kept in the database so a retry after a restart is still recognised.
 *
 * - A retry with the same key and body answers the stored status, body and ETag, marked
 *   `Idempotent-Replayed: true`, and changes nothing.
 * - The same key with another body (or path) answers 422 `idempotency_key_reused`.
 * - While the first request is still running, a retry answers 409 `idempotency_key_in_use`.
 * - Only successful (2xx) answers are stored: a failed attempt may be retried and fixed.
 * Anonymous callers cannot create anything, so they pass straight to the scope check.
 */
export function idempotencyMiddleware(db: PlatformDatabase) {
  return async function idempotency(ctx: Context, next: Next): Promise<void> {
    const key = ctx.get('Idempotency-Key');
    const auth = authOf(ctx);
    if (ctx.method !== 'POST' || !key || !auth) {
      await next();
      return;
    }
    if (key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
      throw new ApiError(
        400,
        'invalid_request',
        'Idempotency-Key must be 1 to 255 visible ASCII characters.',
      );
    }
    const now = nowSeconds();
    const hash = requestHash(ctx);
    const clientId = auth.clientId;
    db.run('DELETE FROM idempotency_keys WHERE createdAt < ?', [now - IDEMPOTENCY_TTL_SECONDS]);
    const stored = db.get<StoredKey>(
      'SELECT requestHash, status, body, etag, location, createdAt FROM idempotency_keys WHERE clientId = ? AND key = ?',
      [clientId, key],
    );
    if (stored) {
      if (stored.requestHash !== hash) {
        throw new ApiError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was already used for a different request.',
        );
      }
      if (stored.status !== null) {
        replay(ctx, stored);
        return;
      }
      if (now - stored.createdAt < PENDING_STALE_SECONDS) {
        throw new ApiError(
          409,
          'idempotency_key_in_use',
          'A request with this Idempotency-Key is still being processed; retry shortly.',
          {
            headers: { 'Retry-After': '1' },
          },
        );
      }
      db.run('DELETE FROM idempotency_keys WHERE clientId = ? AND key = ?', [clientId, key]);
    }

    // Reserve the key before running the request, so a concurrent retry cannot slip through.
    db.run(
      'INSERT INTO idempotency_keys (clientId, key, requestHash, createdAt) VALUES (?, ?, ?, ?)',
      [clientId, key, hash, now],
    );
    let succeeded = false;
    try {
      await next();
      succeeded = ctx.status >= 200 && ctx.status < 300;
    } finally {
      if (succeeded) {
        db.run(
          'UPDATE idempotency_keys SET status = ?, body = ?, etag = ?, location = ? WHERE clientId = ? AND key = ?',
          [
            ctx.status,
            ctx.body === undefined || ctx.body === null ? null : JSON.stringify(ctx.body),
            ctx.response.get('ETag') || null,
            ctx.response.get('Location') || null,
            clientId,
            key,
          ],
        );
      } else {
        db.run('DELETE FROM idempotency_keys WHERE clientId = ? AND key = ?', [clientId, key]);
      }
    }
  };
}

function replay(ctx: Context, stored: StoredKey): void {
  ctx.status = stored.status ?? 200;
  if (stored.etag) ctx.set('ETag', stored.etag);
  if (stored.location) ctx.set('Location', stored.location);
  ctx.set('Idempotent-Replayed', 'true');
  if (stored.body !== null) ctx.body = JSON.parse(stored.body) as unknown;
}
