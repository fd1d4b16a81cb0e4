import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import type { SessionSummaryView } from '../../shared/contract';
import type { EntityName } from '../../shared/entity-names';
import { sessionQuery } from './queries';
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

type Named = Pick<SessionSummaryView, 'schoolId' | 'baseUrl' | 'schoolSubdomain' | 'schoolName'>;

/**
 * A school's own name, as it sends it: the name of its resource metadata (RFC 9728
 * `resource_name`), else its subdomain on the platform (`school_subdomain` of the token
 * response), else nothing.
 */
function ownName(session: Named): string | undefined {
  return session.schoolName ?? session.schoolSubdomain;
}

/**
 * The name the app shows for a school: its own name ({@link ownName}), else its address.
 * Among `others` (the signed-in schools) a name two schools share gets its address too, so
 * the switcher never lists two schools alike.
 */
export function schoolName(session: Named, others: readonly Named[] = []): string {
  const name = ownName(session);
  if (!name) return schoolAddress(session);
  const shared = others.some((o) => o.schoolId !== session.schoolId && ownName(o) === name);
  return shared ? `${name} · ${schoolAddress(session)}` : name;
}

/**
 * A school's name with its address beside it ("Demo School (school.example.com)"), where a
 * sentence names one school and the owner must know which: the address alone when the school
 * sends no name.
 */
export function schoolNameWithAddress(session: Named): string {
  const name = ownName(session);
  const address = schoolAddress(session);
  return name ? i18next.t('shell:schoolWithAddress', { name, address }) : address;
}
