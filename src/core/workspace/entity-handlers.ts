import { prefixed } from '../../shared/workspace-contract';
import type { FiltersOf, SortOf } from '../../shared/entities';
import type { EntityName } from '../../shared/entity-names';
import type { WritableOf } from '../platform/platform-client';
import type { SchoolDirectory } from '../data/school-data';
import type { HandlerOf } from '../handler-of';

type EntityHandlers<E extends EntityName> = {
  [A in 'list' | 'get' | 'create' | 'update' | 'delete' as `${E}:${A}`]: HandlerOf<`${E}:${A}`>;
};

export type AllEntityHandlers = EntityHandlers<'courses'> &
  EntityHandlers<'students'> &
  EntityHandlers<'coupons'> &
  EntityHandlers<'pages'>;

/** What a write says of the version it was made on: its ETag, or what the screen showed. */
function versionOf(request: { etag?: string; seen?: Record<string, unknown> }) {
  return {
    ...(request.etag === undefined ? {} : { etag: request.etag }),
    ...(request.seen === undefined ? {} : { seen: request.seen }),
  };
}

/**
 * The five actions of one entity in the contract's request terms, for any entity: the
 * contract's own types cannot be indexed by a generic entity, so these state them once and
 * `createEntityHandlers` checks them against the contract for each concrete entity.
 */
function entityActions<E extends EntityName>(entity: E, schools: SchoolDirectory) {
  return {
    list: async (request: {
      schoolId: string;
      q?: string;
      sort?: SortOf<E>;
      filters?: FiltersOf<E>;
      offset: number;
      limit: number;
    }) =>
      (await schools.for(request.schoolId)).list(entity, {
        q: request.q,
        sort: request.sort,
        filters: request.filters,
        offset: request.offset,
        limit: request.limit,
      }),
    get: async ({ schoolId, id }: { schoolId: string; id: string }) =>
      (await schools.for(schoolId)).get(entity, id),
    create: async (request: { schoolId: string; fields: WritableOf<E>; idempotencyKey?: string }) =>
      (await schools.for(request.schoolId)).create(entity, request.fields, {
        idempotencyKey: request.idempotencyKey,
      }),
    update: async (request: {
      schoolId: string;
      id: string;
      fields: WritableOf<E>;
      etag?: string;
      seen?: Record<string, unknown>;
    }) =>
      // No ETag (the screen knew no version): core asks the school before saving.
      (await schools.for(request.schoolId)).update(
        entity,
        request.id,
        request.fields,
        versionOf(request),
      ),
    delete: async (request: {
      schoolId: string;
      id: string;
      etag?: string;
      seen?: Record<string, unknown>;
    }) => {
      const school = await schools.for(request.schoolId);
      const saved = await school.remove(entity, request.id, versionOf(request));
      return {
        deleted: true as const,
        ...(saved?.pending ? { pending: true as const } : {}),
        ...(saved?.retryAt === undefined ? {} : { retryAt: saved.retryAt }),
      };
    },
  };
}

/**
 * The five channels of each entity, answered through the school's SchoolData: the renderer
 * never learns whether the network or the local mirror answered.
 */
export function createEntityHandlers(schools: SchoolDirectory): AllEntityHandlers {
  return {
    ...prefixed('courses', entityActions('courses', schools)),
    ...prefixed('students', entityActions('students', schools)),
    ...prefixed('coupons', entityActions('coupons', schools)),
    ...prefixed('pages', entityActions('pages', schools)),
  } satisfies AllEntityHandlers;
}

/** The enrollment channels. */
export function createEnrollmentHandlers(schools: SchoolDirectory) {
  return {
    'enrollments:list': async ({ schoolId, studentId, offset, limit }) =>
      (await schools.for(schoolId)).listEnrollments(studentId, { offset, limit }),
    'enrollments:enroll': async ({ schoolId, studentId, courseId, endedAt }) =>
      (await schools.for(schoolId)).enroll(
        studentId,
        courseId,
        endedAt === undefined ? {} : { endedAt },
      ),
    'enrollments:remove': async ({ schoolId, studentId, courseId }) => {
      const saved = await (await schools.for(schoolId)).removeEnrollment(studentId, courseId);
      return {
        removed: true as const,
        ...(saved?.pending ? { pending: true as const } : {}),
        ...(saved?.retryAt === undefined ? {} : { retryAt: saved.retryAt }),
      };
    },
    'enrollments:expire': async ({ schoolId, studentId, courseId }) =>
      (await schools.for(schoolId)).expireEnrollment(studentId, courseId),
    'enrollments:extend': async ({ schoolId, studentId, courseId, by }) =>
      (await schools.for(schoolId)).extendEnrollment(
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
