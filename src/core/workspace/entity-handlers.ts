import { ENTITY_NAMES, type EntityName } from '../../shared/entity-names';
import type { PlatformClients } from '../data/schools';
import type { HandlerOf } from '../handler-of';

type EntityHandlers<E extends EntityName> = {
  [A in 'list' | 'get' | 'create' | 'update' | 'delete' as `${E}:${A}`]: HandlerOf<`${E}:${A}`>;
};

export type AllEntityHandlers = EntityHandlers<'courses'> &
  EntityHandlers<'students'> &
  EntityHandlers<'coupons'> &
  EntityHandlers<'pages'>;

/**
 * The five channels of each entity, answered by the school's platform client. This is where
 * a local mirror can later answer the same calls: the renderer never learns which did.
 */
export function createEntityHandlers(clients: PlatformClients): AllEntityHandlers {
  const table: Record<string, (request: never) => Promise<unknown>> = {};
  for (const entity of ENTITY_NAMES) {
    table[`${entity}:list`] = async (request: {
      issuer: string;
      q?: string;
      sort?: string;
      filters?: Record<string, unknown>;
      offset: number;
      limit: number;
    }) => {
      const client = await clients.for(request.issuer);
      return client.list(entity, {
        q: request.q || undefined,
        sort: request.sort as never,
        filters: request.filters,
        offset: request.offset,
        limit: request.limit,
      });
    };
    table[`${entity}:get`] = async ({ issuer, id }: { issuer: string; id: string }) =>
      (await clients.for(issuer)).get(entity, id);
    table[`${entity}:create`] = async (request: {
      issuer: string;
      fields: object;
      idempotencyKey?: string;
    }) =>
      (await clients.for(request.issuer)).create(entity, request.fields, {
        idempotencyKey: request.idempotencyKey,
      });
    table[`${entity}:update`] = async (request: {
      issuer: string;
      id: string;
      fields: object;
      etag: string;
    }) =>
      (await clients.for(request.issuer)).update(entity, request.id, request.fields, {
        etag: request.etag,
      });
    table[`${entity}:delete`] = async (request: { issuer: string; id: string; etag?: string }) => {
      await (await clients.for(request.issuer)).remove(entity, request.id, { etag: request.etag });
      return { deleted: true as const };
    };
  }
  // The loop builds exactly the keys of the type above; TypeScript cannot follow the loop.
  return table as unknown as AllEntityHandlers;
}

/** The enrollment channels. */
export function createEnrollmentHandlers(clients: PlatformClients) {
  return {
    'enrollments:list': async ({ issuer, studentId, offset, limit }) =>
      (await clients.for(issuer)).listEnrollments(studentId, { offset, limit }),
    'enrollments:enroll': async ({ issuer, studentId, courseId, endedAt }) =>
      (await clients.for(issuer)).enroll(
        studentId,
        courseId,
        endedAt === undefined ? {} : { endedAt },
      ),
    'enrollments:remove': async ({ issuer, studentId, courseId }) => {
      await (await clients.for(issuer)).removeEnrollment(studentId, courseId);
      return { removed: true as const };
    },
    'enrollments:expire': async ({ issuer, studentId, courseId }) =>
      (await clients.for(issuer)).expireEnrollment(studentId, courseId),
    'enrollments:extend': async ({ issuer, studentId, courseId, by }) =>
      (await clients.for(issuer)).extendEnrollment(
        studentId,
        courseId,
        by.kind === 'days'
          ? { days: by.days }
          : by.kind === 'until'
            ? { endedAt: by.endedAt }
            : { indefinite: true },
      ),
  } satisfies {
    [
      C in
        | 'enrollments:list'
        | 'enrollments:enroll'
        | 'enrollments:remove'
        | 'enrollments:expire'
        | 'enrollments:extend'
    ]: HandlerOf<C>;
  };
}
