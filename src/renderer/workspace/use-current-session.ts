import { useQuery } from '@tanstack/react-query';
import type { SessionSummaryView } from '../../shared/contract';
import type { EntityName } from '../../shared/entity-names';
import { sessionQuery } from '../queries';
import { useUiStore } from '../ui-store';

/**
 * The school the workspace shows: the one chosen in the UI store, or the first signed-in one
 * when that was signed out elsewhere. Undefined while the session loads or when signed out.
 */
export function useCurrentSession(): SessionSummaryView | undefined {
  const selectedSchoolId = useUiStore((s) => s.selectedSchoolId);
  const { data } = useQuery(sessionQuery());
  const sessions = data?.sessions ?? [];
  return sessions.find((s) => s.schoolId === selectedSchoolId) ?? sessions[0];
}

/** What the session may do with an entity: its `:read` and `:write` scopes. */
export type EntityAccess = { canRead: boolean; canWrite: boolean };

/** Whether the session holds `<entity>:read` and `<entity>:write`. */
export function accessOf(
  session: Pick<SessionSummaryView, 'scopes'> | undefined,
  entity: EntityName,
): EntityAccess {
  const scopes = session?.scopes ?? [];
  return {
    canRead: scopes.includes(`${entity}:read`),
    canWrite: scopes.includes(`${entity}:write`),
  };
}
