import type Router from '@koa/router';
import type { Context } from 'koa';
import type { PlatformDatabase } from '../db/database';
import { authOf, requireScope } from '../http/auth-context';
import {
  deleteRecord,
  findRecord,
  insertRecord,
  requireRecord,
  updateRecord,
  type EntityDef,
  type SqlClause,
  type StoredRecord,
} from './entity';
import { checkIfMatch, notModified, sendRecord, etagOf } from './etag';
import { notFound, parseOrThrow } from '../http/errors';
import { emptyPage, listRecords, requestedPage } from './list';

/** What the route handlers of the business API share. */
export type ApiDeps = { db: PlatformDatabase; baseUrl: string };

/** What a caller may read of an entity. */
export type ReadView = { visible: false } | { visible: true; where?: string };

/**
 * SECURITY: decides what a caller may read. A token must carry `<area>:read` (403 otherwise,
 * as service-access.md says for a valid token lacking a scope); an anonymous caller is not
 * challenged but sees only the public subset (published courses and pages) or nothing.
 */
export function readView(ctx: Context, def: EntityDef): ReadView {
  if (!authOf(ctx))
    return def.publicWhere === null
      ? { visible: false }
      : { visible: true, where: def.publicWhere };
  requireScope(ctx, `${def.area}:read`);
  return { visible: true };
}

/** Loads a record the caller may read, or 404 (also for records hidden from them). */
export function readableRecord(
  ctx: Context,
  db: PlatformDatabase,
  def: EntityDef,
  id: string,
): StoredRecord {
  const view = readView(ctx, def);
  const found = view.visible ? findRecord(db, def, id, view.where) : undefined;
  if (!found) throw notFound(def.label);
  return found;
}

/** Answers a list page of `def` with the caller's visibility and any parent condition. */
export function sendList(
  ctx: Context,
  db: PlatformDatabase,
  def: EntityDef,
  base: SqlClause[] = [],
): void {
  const view = readView(ctx, def);
  if (!view.visible) {
    // Validate anyway, so a bad query fails the same way for every caller.
    ctx.body = emptyPage(requestedPage(def, ctx.query));
    return;
  }
  const where = view.where ? [...base, { sql: view.where, params: [] }] : base;
  ctx.body = listRecords(db, def, ctx.query, where);
}

/**
 * SECURITY: the scopes a create or update needs: `<area>:write` for the record's own fields
 * (always, for a create), and a field's own scope where it has one (`fieldScopes`), so a
 * course's sections need `curriculum:write` and `courses:write` alone does not change them.
 */
export function requireWriteScopes(ctx: Context, def: EntityDef, creating: boolean): void {
  const body = bodyOf(ctx);
  const fields = body !== null && typeof body === 'object' ? Object.keys(body) : [];
  const needed = new Set<string>(creating ? [`${def.area}:write`] : []);
  for (const field of fields) {
    const value = (body as Record<string, unknown>)[field];
    // An empty curriculum on a create is the default, not a change to one.
    if (creating && Array.isArray(value) && value.length === 0) continue;
    needed.add(def.fieldScopes?.[field] ?? `${def.area}:write`);
  }
  if (needed.size === 0) needed.add(`${def.area}:write`);
  for (const scope of needed) requireScope(ctx, scope);
}

/** The parsed JSON body, or `{}` when the request had none. */
export function bodyOf(ctx: Context): unknown {
  return ctx.request.body ?? {};
}

/**
 * Mounts list, get, create, update and delete of one entity:
 * `GET /<table>`, `POST /<table>`, `GET|PATCH|DELETE /<table>/:id`.
 *
 * @param findExisting For resources where a create with a known natural key answers the
 *   existing record with 200 instead of 201 (students by e-mail).
 */
export function mountCrud(
  router: Router,
  def: EntityDef,
  { db, baseUrl }: ApiDeps,
  findExisting?: (input: Record<string, unknown>) => StoredRecord | undefined,
): void {
  const collection = `/${def.table}`;
  const item = `/${def.table}/:id`;

  router.get(collection, (ctx) => {
    sendList(ctx, db, def);
  });

  router.get(item, (ctx) => {
    const stored = readableRecord(ctx, db, def, ctx.params.id ?? '');
    if (notModified(ctx, stored)) {
      ctx.status = 304;
      ctx.set('ETag', etagOf(stored));
      return;
    }
    sendRecord(ctx, stored);
  });

  router.post(collection, (ctx) => {
    requireWriteScopes(ctx, def, true);
    const input = parseOrThrow(def.create, bodyOf(ctx));
    const existing = findExisting?.(input);
    if (existing) {
      ctx.set('Location', `${baseUrl}/api/v1${collection}/${existing.record.id}`);
      sendRecord(ctx, existing, 200);
      return;
    }
    const created = insertRecord(db, def, input);
    ctx.set('Location', `${baseUrl}/api/v1${collection}/${created.record.id}`);
    sendRecord(ctx, created, 201);
  });

  router.patch(item, (ctx) => {
    requireWriteScopes(ctx, def, false);
    const current = requireRecord(db, def, ctx.params.id ?? '');
    checkIfMatch(ctx, current);
    const patch = parseOrThrow(def.update, bodyOf(ctx));
    sendRecord(ctx, updateRecord(db, def, current, patch));
  });

  router.delete(item, (ctx) => {
    requireScope(ctx, `${def.area}:write`);
    const current = requireRecord(db, def, ctx.params.id ?? '');
    checkIfMatch(ctx, current);
    deleteRecord(db, def, current.record.id);
    ctx.status = 204;
  });
}
