import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RequestOf, ResponseOf, Result } from '../../shared/contract';
import type { EntityName } from '../../shared/entity-names';
import { bridge, unwrap } from './bridge';

type EntityAction = 'list' | 'get' | 'create' | 'update' | 'delete';

/**
 * Calls one of an entity's five named functions and unwraps the answer, for code that is
 * generic over the entity. TypeScript cannot narrow `bridge()[entity]` for a generic entity,
 * so the function is looked up once here with its exact channel types.
 */
export async function call<E extends EntityName, A extends EntityAction>(
  entity: E,
  action: A,
  request: RequestOf<`${E}:${A}`>,
): Promise<ResponseOf<`${E}:${A}`>> {
  const fn = bridge()[entity][action] as unknown as (
    r: RequestOf<`${E}:${A}`>,
  ) => Promise<Result<ResponseOf<`${E}:${A}`>>>;
  return unwrap(await fn(request));
}

/** What a list screen asks for besides the window: search, sort and filters. */
export type ListParams<E extends EntityName> = Omit<
  RequestOf<`${E}:list`>,
  'schoolId' | 'offset' | 'limit'
>;

/**
 * Query keys of the workspace, in one place so saves, deletes and long operations invalidate
 * exactly what the screens read: `['entity', schoolId, entity, ...]`.
 */
export const entityKeys = {
  /** Everything of one school: lists, records and enrollments of every entity. */
  school: (schoolId: string) => ['entity', schoolId] as const,
  all: (schoolId: string, entity: EntityName) => ['entity', schoolId, entity] as const,
  lists: (schoolId: string, entity: EntityName) => ['entity', schoolId, entity, 'list'] as const,
  window: <E extends EntityName>(
    schoolId: string,
    entity: E,
    params: ListParams<E>,
    offset: number,
    limit: number,
  ) => ['entity', schoolId, entity, 'list', params, offset, limit] as const,
  record: (schoolId: string, entity: EntityName, id: string) =>
    ['entity', schoolId, entity, 'record', id] as const,
  enrollments: (schoolId: string, studentId: string) =>
    ['entity', schoolId, 'students', 'record', studentId, 'enrollments'] as const,
};

/**
 * One window of a list (rows [offset, offset + limit) and the total count). Main maps it onto
 * the server's pages; the previous window stays on screen while the next one loads.
 */
export function listWindowQuery<E extends EntityName>(
  schoolId: string,
  entity: E,
  params: ListParams<E>,
  offset: number,
  limit: number,
) {
  return queryOptions({
    queryKey: entityKeys.window(schoolId, entity, params, offset, limit),
    queryFn: () =>
      call(entity, 'list', { schoolId, ...params, offset, limit } as RequestOf<`${E}:list`>),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** One record and its ETag, for the detail and edit form. */
export function recordQuery<E extends EntityName>(schoolId: string, entity: E, id: string) {
  return queryOptions({
    queryKey: entityKeys.record(schoolId, entity, id),
    queryFn: () => call(entity, 'get', { schoolId, id } as RequestOf<`${E}:get`>),
  });
}

/** A student's enrollments (a student rarely has more than a few hundred). */
export function enrollmentsQuery(schoolId: string, studentId: string) {
  return queryOptions({
    queryKey: entityKeys.enrollments(schoolId, studentId),
    queryFn: async () =>
      unwrap(await bridge().enrollments.list({ schoolId, studentId, offset: 0, limit: 500 })),
  });
}
