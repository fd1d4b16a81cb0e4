import type { QueryClient } from '@tanstack/react-query';
import type { EntityName } from '../../shared/entity-names';
import { entityKeys } from '../data/entity-queries';
import type { AnyRecord } from './field-specs';

/** A record with its ETag, as `recordQuery` caches it. */
export type Versioned = { record: AnyRecord; etag?: string };
type ListData = { rows: AnyRecord[]; totalCount: number };

/**
 * Writes changed fields into the cached record and into every cached list window holding the
 * row, so the form and the list show the save at once. Answers a function that puts back
 * exactly what was there (the save failed).
 */
export function patchCached(
  queryClient: QueryClient,
  schoolId: string,
  entity: EntityName,
  id: string,
  fields: Record<string, unknown>,
): () => void {
  const recordKey = entityKeys.record(schoolId, entity, id);
  const listKey = entityKeys.lists(schoolId, entity);
  const previousRecord = queryClient.getQueryData<Versioned>(recordKey);
  const previousLists = queryClient.getQueriesData<ListData>({ queryKey: listKey });

  if (previousRecord)
    queryClient.setQueryData<Versioned>(recordKey, {
      ...previousRecord,
      record: { ...previousRecord.record, ...fields },
    });
  queryClient.setQueriesData<ListData>({ queryKey: listKey }, (data) =>
    data?.rows.some((row) => row.id === id)
      ? { ...data, rows: data.rows.map((row) => (row.id === id ? { ...row, ...fields } : row)) }
      : data,
  );

  return () => {
    if (previousRecord) queryClient.setQueryData(recordKey, previousRecord);
    for (const [key, data] of previousLists) queryClient.setQueryData(key, data);
  };
}

/** Puts the server's answer (a record and its new ETag) into the cache, rows included. */
export function putCached(
  queryClient: QueryClient,
  schoolId: string,
  entity: EntityName,
  answer: Versioned,
): void {
  queryClient.setQueryData<Versioned>(
    entityKeys.record(schoolId, entity, answer.record.id),
    answer,
  );
  queryClient.setQueriesData<ListData>({ queryKey: entityKeys.lists(schoolId, entity) }, (data) =>
    data?.rows.some((row) => row.id === answer.record.id)
      ? {
          ...data,
          rows: data.rows.map((row) => (row.id === answer.record.id ? answer.record : row)),
        }
      : data,
  );
}

/** Marks an entity's record and lists stale so open screens fetch them again. */
export function refreshEntity(
  queryClient: QueryClient,
  schoolId: string,
  entity: EntityName,
  id?: string,
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: entityKeys.lists(schoolId, entity) }),
    id
      ? queryClient.invalidateQueries({ queryKey: entityKeys.record(schoolId, entity, id) })
      : null,
  ]);
}
