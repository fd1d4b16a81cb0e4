import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { EntityName } from '../../shared/entity-names';
import type { OutboxStatus } from '../../shared/outbox-contract';
import { bridge, unwrap } from './bridge';

/** Query keys of the outbox: one status and one entry list per school. */
export const outboxKeys = {
  all: (schoolId: string) => ['outbox', schoolId] as const,
  status: (schoolId: string) => ['outbox', schoolId, 'status'] as const,
  list: (schoolId: string) => ['outbox', schoolId, 'list'] as const,
};

/**
 * A school's outbox at a glance (counts and the ids behind the pending marks). Main pushes
 * every change as an `outbox:status` event, which use-bridge-events.ts writes into this
 * query; it is asked for once per school at start (see {@link useOutboxStatuses}) and again
 * only when stale, in case an event was missed.
 */
export function outboxStatusQuery(schoolId: string) {
  return queryOptions({
    queryKey: outboxKeys.status(schoolId),
    queryFn: async () => unwrap(await bridge().outbox.status({ schoolId })),
    staleTime: 30_000,
  });
}

/** The entries the outbox panel lists; refetched on each `outbox:status` while it is open. */
export function outboxListQuery(schoolId: string) {
  return queryOptions({
    queryKey: outboxKeys.list(schoolId),
    queryFn: async () => unwrap(await bridge().outbox.list({ schoolId })).entries,
  });
}

/** Asks every signed-in school for its outbox status once, so counts and marks show at start. */
export function useOutboxStatuses(schoolIds: readonly string[]): void {
  useQueries({ queries: schoolIds.map((schoolId) => outboxStatusQuery(schoolId)) });
}

/** The school's outbox status, or undefined until main has answered. */
export function useOutboxStatus(schoolId: string): OutboxStatus | undefined {
  return useQuery(outboxStatusQuery(schoolId)).data;
}

const NONE: readonly string[] = [];

/**
 * The ids of an area's records with unsent edits, as a set for the list's rows. The set
 * changes only when the ids do (the query shares unchanged data), so memoised rows keep.
 */
export function usePendingIds(schoolId: string, area: EntityName): ReadonlySet<string> {
  const ids = useQuery({ ...outboxStatusQuery(schoolId), select: (s) => s.pending[area] }).data;
  return useMemo(() => new Set(ids ?? NONE), [ids]);
}

/** Whether one record has edits that have not reached the school yet. */
export function useIsPending(schoolId: string, area: EntityName, id: string): boolean {
  return (
    useQuery({ ...outboxStatusQuery(schoolId), select: (s) => s.pending[area].includes(id) })
      .data === true
  );
}
