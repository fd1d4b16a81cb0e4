import { queryOptions, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { EntityName } from '../shared/entity-names';
import type { OutboxStatus } from '../shared/outbox-contract';
import { bridge, toUiError, unwrap } from './bridge';
import { showToast } from './toast-store';

/** Query keys of the outbox: one status and one entry list per school. */
export const outboxKeys = {
  all: (issuer: string) => ['outbox', issuer] as const,
  status: (issuer: string) => ['outbox', issuer, 'status'] as const,
  list: (issuer: string) => ['outbox', issuer, 'list'] as const,
};

/**
 * A school's outbox at a glance (counts and the ids behind the pending marks). Main pushes
 * every change as an `outbox:status` event, which use-bridge-events.ts writes into this
 * query; it is asked for once per school at start (see {@link useOutboxStatuses}) and again
 * only when stale, in case an event was missed.
 */
export function outboxStatusQuery(issuer: string) {
  return queryOptions({
    queryKey: outboxKeys.status(issuer),
    queryFn: async () => unwrap(await bridge().outbox.status({ issuer })),
    staleTime: 30_000,
  });
}

/** The entries the outbox panel lists; refetched on each `outbox:status` while it is open. */
export function outboxListQuery(issuer: string) {
  return queryOptions({
    queryKey: outboxKeys.list(issuer),
    queryFn: async () => unwrap(await bridge().outbox.list({ issuer })).entries,
  });
}

/** Asks every signed-in school for its outbox status once, so counts and marks show at start. */
export function useOutboxStatuses(issuers: readonly string[]): void {
  useQueries({ queries: issuers.map((issuer) => outboxStatusQuery(issuer)) });
}

/** The school's outbox status, or undefined until main has answered. */
export function useOutboxStatus(issuer: string): OutboxStatus | undefined {
  return useQuery(outboxStatusQuery(issuer)).data;
}

const NONE: readonly string[] = [];

/**
 * The ids of an area's records with unsent edits, as a set for the list's rows. The set
 * changes only when the ids do (the query shares unchanged data), so memoised rows keep.
 */
export function usePendingIds(issuer: string, area: EntityName): ReadonlySet<string> {
  const ids = useQuery({ ...outboxStatusQuery(issuer), select: (s) => s.pending[area] }).data;
  return useMemo(() => new Set(ids ?? NONE), [ids]);
}

/** Whether one record has edits that have not reached the school yet. */
export function useIsPending(issuer: string, area: EntityName, id: string): boolean {
  return (
    useQuery({ ...outboxStatusQuery(issuer), select: (s) => s.pending[area].includes(id) }).data ===
    true
  );
}

/**
 * The owner's say over a school's outbox: send (everything, or one parked entry again),
 * discard an entry, and settle a conflict. Sending and settling say a failure in a toast with
 * main's sentence; what changed shows through the `outbox:status` event.
 */
export function useOutboxActions(issuer: string) {
  const onError = (error: unknown) => showToast(toUiError(error).message, { tone: 'error' });
  const retry = useMutation({
    mutationFn: async (entryId?: string) =>
      unwrap(await bridge().outbox.retry({ issuer, ...(entryId ? { entryId } : {}) })),
    onError,
  });
  // Its failure shows in the confirmation that asked for it.
  const discard = useMutation({
    mutationFn: async (entryId: string) =>
      unwrap(await bridge().outbox.discard({ issuer, entryId })),
  });
  const resolve = useMutation({
    mutationFn: async (request: {
      entryId: string;
      choice: 'mine' | 'theirs' | 'merge';
      fields?: Record<string, unknown>;
    }) => unwrap(await bridge().outbox.resolve({ issuer, ...request })),
    onError,
  });
  return { retry, discard, resolve };
}
