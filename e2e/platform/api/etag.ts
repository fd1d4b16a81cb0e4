import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { StoredRecord } from './entity';
import { ApiError } from '../http/errors';

/**
 * The strong ETag of a record version. It hashes id and version (not the body) so it is
 * cheap, stable across restarts, and changes on every update, also two within one second.
 */
export function etagOf(stored: StoredRecord): string {
  const digest = createHash('sha256')
    .update(`${stored.record.id}:${stored.version}`)
    .digest('base64url');
  return `"${digest.slice(0, 22)}"`;
}

/** The entity-tags listed in an If-Match / If-None-Match header (`*` included as is). */
function listedTags(header: string): string[] {
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/**
 * Enforces `If-Match` before a change (RFC 9110 §13.1.1): strong comparison, `*` matches any
 * existing record. A stale tag answers 412 with the current record, so a client can show the
 * conflict without another round trip. No header means an unconditional write (allowed).
 */
export function checkIfMatch(ctx: Context, current: StoredRecord): void {
  const header = ctx.get('If-Match');
  if (!header) return;
  const etag = etagOf(current);
  const tags = listedTags(header);
  if (tags.includes('*') || tags.includes(etag)) return;
  throw new ApiError(
    412,
    'precondition_failed',
    'The record changed since you read it; the current version is in `current`.',
    {
      extra: { current: current.record },
      headers: { ETag: etag },
    },
  );
}

/** True when `If-None-Match` already names the current version (weak comparison, §13.1.2). */
export function notModified(ctx: Context, stored: StoredRecord): boolean {
  const header = ctx.get('If-None-Match');
  if (!header) return false;
  const etag = etagOf(stored);
  return listedTags(header).some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag);
}

/** Answers one record with its ETag. */
export function sendRecord(ctx: Context, stored: StoredRecord, status = 200): void {
  ctx.status = status;
  ctx.set('ETag', etagOf(stored));
  ctx.body = stored.record;
}
