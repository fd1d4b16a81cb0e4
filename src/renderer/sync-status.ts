import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '../shared/sync-status';
import { bridge, unwrap } from './bridge';
import { errorText } from './error-text';
import { showToast } from './toast-store';

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

/**
 * "Sync now" for a school: asks main to sync at once and says in a toast whether it started
 * (or why not: a sync already running, or the school out of reach). Progress itself shows in
 * the status line.
 */
export function useSyncNow(schoolId: string): () => void {
  const { t } = useTranslation('sync');
  const status = useSyncStatus(schoolId);
  const offline = status?.reachability === 'unreachable';
  const mutation = useMutation({
    mutationFn: async () => unwrap(await bridge().sync.now({ schoolId })),
    onSuccess: ({ started }) =>
      showToast(started ? t('now.started') : offline ? t('now.offline') : t('now.running')),
    onError: (error) => showToast(errorText(error), { tone: 'error' }),
  });
  return () => mutation.mutate();
}

/** Stops a school's first sync (it resumes later, where it stopped). */
export function useCancelSync(schoolId: string) {
  return useMutation({
    mutationFn: async () => unwrap(await bridge().sync.cancel({ schoolId })),
    onError: (error) => showToast(errorText(error), { tone: 'error' }),
  });
}

/**
 * The time now, in Unix milliseconds: read when the component mounts, then renewed every
 * `everyMs` while `ticking`, which is what a countdown needs to count down (give the
 * component a key that changes with what it counts to, so it starts from a fresh reading).
 */
export function useNow(ticking: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [ticking, everyMs]);
  return now;
}
