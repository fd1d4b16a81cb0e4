import { queryOptions } from '@tanstack/react-query';
import { bridge, unwrap } from './bridge';

/** Query keys, in one place so event handlers invalidate exactly what the screens read. */
export const queryKeys = {
  session: ['session', 'current'] as const,
  recentSchools: ['schools', 'recent'] as const,
};

/**
 * Who is signed in, to which schools, and whether tokens survive a restart. Main owns this;
 * `session:changed` events invalidate it rather than the renderer keeping its own copy.
 */
export function sessionQuery() {
  return queryOptions({
    queryKey: queryKeys.session,
    queryFn: async () => unwrap(await bridge().session.current()),
  });
}

/** Schools signed in to before, most recent first, remembered by main. */
export function recentSchoolsQuery() {
  return queryOptions({
    queryKey: queryKeys.recentSchools,
    queryFn: async () => unwrap(await bridge().schools.recent()),
  });
}
