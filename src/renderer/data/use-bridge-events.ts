import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ResponseOf } from '../../shared/contract';
import type { SyncStatus } from '../../shared/sync-status';
import { bridge } from './bridge';
import { entityKeys } from './entity-queries';
import { areaChanged } from './held-changes';
import { useHostStopped } from './host-stopped';
import { outboxKeys } from './outbox-queries';
import { queryKeys } from './queries';
import { syncKeys } from './sync-queries';
import { useUiStore } from '../ui-store';

type SessionData = ResponseOf<'session:current'>;

/**
 * Listens to main's events for as long as the app is mounted: sign-in progress goes to the UI
 * store, session changes invalidate the queries that read sessions and recent schools, a
 * school's sync status and outbox status are written into their queries (an open outbox panel
 * then refetches its entries), and data changed by sync refreshes exactly the lists and
 * records of the areas it names, in place (after the running saves, held-changes.ts).
 */
export function useBridgeEvents(): void {
  const queryClient = useQueryClient();
  const recordEvent = useUiStore((s) => s.recordEvent);

  useEffect(
    () =>
      bridge().onEvent((event) => {
        if (event.type === 'signIn:finished') {
          // Show the new school at once; the refetch below confirms it from main.
          queryClient.setQueryData<SessionData>(queryKeys.session, (old) =>
            old
              ? {
                  ...old,
                  sessions: [
                    ...old.sessions.filter((s) => s.schoolId !== event.session.schoolId),
                    event.session,
                  ],
                }
              : old,
          );
        }
        if (event.type === 'signIn:finished' || event.type === 'session:changed') {
          void queryClient.invalidateQueries({ queryKey: queryKeys.session });
          void queryClient.invalidateQueries({ queryKey: queryKeys.recentSchools });
        }
        if (event.type === 'sync:status') {
          const { schoolId } = event.status;
          const before = queryClient.getQueryData<SyncStatus>(syncKeys.status(schoolId));
          queryClient.setQueryData(syncKeys.status(schoolId), event.status);
          // The school answers again: what failed while it could not be reached loads now.
          if (before?.reachability === 'unreachable' && event.status.reachability === 'online')
            void queryClient.invalidateQueries({
              queryKey: entityKeys.school(schoolId),
              predicate: (query) => query.state.status === 'error',
            });
        }
        if (event.type === 'outbox:status') {
          const { schoolId } = event.status;
          queryClient.setQueryData(outboxKeys.status(schoolId), event.status);
          void queryClient.invalidateQueries({ queryKey: outboxKeys.list(schoolId) });
        }
        if (event.type === 'host:state') {
          useHostStopped.setState({ stopped: event.stopped });
          // Running again: what failed while it was stopped loads now.
          if (!event.stopped)
            void queryClient.invalidateQueries({
              predicate: (query) => query.state.status === 'error',
            });
        }
        if (event.type === 'data:changed')
          for (const area of event.areas) areaChanged(queryClient, event.schoolId, area);
        recordEvent(event);
      }),
    [queryClient, recordEvent],
  );
}
