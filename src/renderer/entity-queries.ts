import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RequestOf, ResponseOf, Result } from '../shared/contract';
import type { EntityName } from '../shared/entity-names';
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
  'issuer' | 'offset' | 'limit'
>;

/**
 * Query keys of the workspace, in one place so saves, deletes and long operations invalidate
 * exactly what the screens read: `['entity', issuer, entity, ...]`.
 */
export const entityKeys = {
  /** Everything of one school: lists, records and enrollments of every entity. */
  school: (issuer: string) => ['entity', issuer] as const,
  all: (issuer: string, entity: EntityName) => ['entity', issuer, entity] as const,
  lists: (issuer: string, entity: EntityName) => ['entity', issuer, entity, 'list'] as const,
  window: <E extends EntityName>(
    issuer: string,
    entity: E,
    params: ListParams<E>,
    offset: number,
    limit: number,
  ) => ['entity', issuer, entity, 'list', params, offset, limit] as const,
  record: (issuer: string, entity: EntityName, id: string) =>
    ['entity', issuer, entity, 'record', id] as const,
  enrollments: (issuer: string, studentId: string) =>
    ['entity', issuer, 'students', 'record', studentId, 'enrollments'] as const,
};

/**
 * One window of a list (rows [offset, offset + limit) and the total count). Main maps it onto
 * the server's pages; the previous window stays on screen while the next one loads.
 */
export function listWindowQuery<E extends EntityName>(
  issuer: string,
  entity: E,
  params: ListParams<E>,
  offset: number,
  limit: number,
) {
  return queryOptions({
    queryKey: entityKeys.window(issuer, entity, params, offset, limit),
    queryFn: () =>
      call(entity, 'list', { issuer, ...params, offset, limit } as RequestOf<`${E}:list`>),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** One record and its ETag, for the detail and edit form. */
export function recordQuery<E extends EntityName>(issuer: string, entity: E, id: string) {
  return queryOptions({
    queryKey: entityKeys.record(issuer, entity, id),
    queryFn: () => call(entity, 'get', { issuer, id } as RequestOf<`${E}:get`>),
  });
}

/** A student's enrollments (a student rarely has more than a few hundred). */
export function enrollmentsQuery(issuer: string, studentId: string) {
  return queryOptions({
    queryKey: entityKeys.enrollments(issuer, studentId),
    queryFn: async () =>
      unwrap(await bridge().enrollments.list({ issuer, studentId, offset: 0, limit: 500 })),
  });
}
