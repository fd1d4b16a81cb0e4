import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SyncStatus } from '../../shared/sync-status';
import { bridge, unwrap } from './bridge';

/** Query keys of sync, one status per school. */
export const syncKeys = {
  status: (schoolId: string) => ['sync', 'status', schoolId] as const,
};

/**
 * A school's sync status. Main pushes every change as a `sync:status` event, which
 * use-bridge-events.ts writes into this query, so it is asked for only when a screen first
 * needs it (and again when it has gone stale, in case an event was missed).
 */
export function syncStatusQuery(schoolId: string) {
  return queryOptions({
    queryKey: syncKeys.status(schoolId),
    queryFn: async () => unwrap(await bridge().sync.status({ schoolId })),
    staleTime: 30_000,
  });
}

/** The school's sync status, or undefined until main has answered. */
export function useSyncStatus(schoolId: string): SyncStatus | undefined {
  return useQuery(syncStatusQuery(schoolId)).data;
}

/**
 * Whether the school cannot be reached now, so nothing can be saved to it. Unknown counts as
 * reachable: a write then fails with its own sentence rather than being held back on a guess.
 */
export function useSchoolOffline(schoolId: string): boolean {
  return useSyncStatus(schoolId)?.reachability === 'unreachable';
}
