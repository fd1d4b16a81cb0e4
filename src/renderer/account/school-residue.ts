import type { QueryClient } from '@tanstack/react-query';
import { useUiStore } from '../ui-store';

/**
 * Forgets a school in this window at once: what main wiped with its local copy must not stay
 * in the renderer's memory either (student names and e-mails, a record open on screen).
 *
 * SECURITY: it removes
 * - every query whose key names the school anywhere: its lists, records and enrollments, the
 *   searches of a combobox, its outbox and its sync status, and any key added later that
 *   holds its records, since every per-school key carries the school's id;
 * - every settled mutation: their variables and answers may hold records (a saved form). The
 *   workspace that used them is gone once the owner is back on Connect; one still running is
 *   left to finish;
 * - the UI state that points into the school: the selected school, and its place in the
 *   workspace (the open record, its lists' searches and filters).
 */
export function forgetSchoolInWindow(queryClient: QueryClient, schoolId: string): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(schoolId) });
  const mutations = queryClient.getMutationCache();
  for (const mutation of mutations.getAll())
    if (mutation.state.status !== 'pending') mutations.remove(mutation);
  useUiStore.setState((state) => ({
    selectedSchoolId: state.selectedSchoolId === schoolId ? undefined : state.selectedSchoolId,
    // A record id and a search are the school's data too.
    views: Object.fromEntries(Object.entries(state.views).filter(([id]) => id !== schoolId)),
    attempts: Object.fromEntries(
      Object.entries(state.attempts).filter(
        ([, attempt]) =>
          attempt.outcome?.type !== 'finished' || attempt.outcome.schoolId !== schoolId,
      ),
    ),
  }));
}
