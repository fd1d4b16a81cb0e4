import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { EntityName } from '../../shared/entity-names';
import { queryKeys, sessionQuery } from '../data/queries';
import { useGrantAccess } from './grant-access';
import { useSchoolOffline } from '../data/sync-queries';

/**
 * Whether the session may change an entity (its `:write` scope), and a way to ask the owner
 * for scopes through the browser step-up. A grant unlocks at once, before the session query
 * has caught up, so the control the owner just unlocked is usable straight away.
 * `offline` says the school cannot be reached now: a record's own writes still work (they wait
 * on this computer, in the outbox), but enrollment changes need the school, so their controls
 * are disabled, with the reason beside them (OfflineNotice), until it answers again.
 */
export function useWriteAccess(schoolId: string, entity: EntityName) {
  return useScopeAccess(schoolId, `${entity}:write`);
}

/** As useWriteAccess, for a scope of its own (a course's curriculum: `curriculum:write`). */
export function useScopeAccess(schoolId: string, scope: string) {
  const session = useQuery(sessionQuery());
  const grantAccess = useGrantAccess();
  const queryClient = useQueryClient();
  const offline = useSchoolOffline(schoolId);
  const [granted, setGranted] = useState<string[]>([]);
  const [asking, setAsking] = useState(false);

  const scopes = session.data?.sessions.find((s) => s.schoolId === schoolId)?.scopes ?? [];
  const canWrite = scopes.includes(scope) || granted.includes(scope);

  const requestAccess = useCallback(
    async (wanted: string[] = [scope]): Promise<boolean> => {
      setAsking(true);
      try {
        const ok = await grantAccess(wanted);
        if (ok) {
          setGranted((g) => [...g, ...wanted]);
          void queryClient.invalidateQueries({ queryKey: queryKeys.session });
        }
        return ok;
      } finally {
        setAsking(false);
      }
    },
    [grantAccess, queryClient, scope],
  );

  return { canWrite, scope, asking, requestAccess, offline };
}
