import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ResponseOf } from '../shared/contract';
import { bridge } from './bridge';
import { queryKeys } from './queries';
import { useUiStore } from './ui-store';

type SessionData = ResponseOf<'session:current'>;

/**
 * Listens to main's events for as long as the app is mounted: sign-in progress goes to the UI
 * store, and session changes invalidate the queries that read sessions and recent schools.
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
                    ...old.sessions.filter((s) => s.issuer !== event.session.issuer),
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
        recordEvent(event);
      }),
    [queryClient, recordEvent],
  );
}
