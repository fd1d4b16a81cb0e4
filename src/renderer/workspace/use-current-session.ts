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

/**
 * The school's address without its scheme ("school.example.com", or with a path where several
 * schools share one host): how a school is told apart when it sends no name.
 */
export function schoolAddress(session: Pick<SessionSummaryView, 'baseUrl'>): string {
  return session.baseUrl.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

type Named = Pick<SessionSummaryView, 'schoolId' | 'baseUrl' | 'schoolSubdomain'>;

/**
 * The name the app shows for a school: its subdomain on the platform, which the school sends
 * with its tokens (the platform gives no other name to an app that does not read the school's
 * settings), else its address. Among `others` (the signed-in schools) a name two schools
 * share gets its address too, so the switcher never lists two schools alike.
 */
export function schoolName(session: Named, others: readonly Named[] = []): string {
  const name = session.schoolSubdomain;
  if (!name) return schoolAddress(session);
  const shared = others.some((o) => o.schoolId !== session.schoolId && o.schoolSubdomain === name);
  return shared ? `${name} · ${schoolAddress(session)}` : name;
}
