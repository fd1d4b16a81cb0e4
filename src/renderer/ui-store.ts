import { create } from 'zustand';
import type { AppEvent } from '../shared/contract';
import { DEFAULT_SCOPES } from '../shared/scope-catalog';
import type { EntityName } from '../shared/entity-names';
import type { UiError } from './bridge';

/** A sign-in step as main reports it. */
export type SignInStep = Extract<AppEvent, { type: 'signIn:progress' }>['step'];

/**
 * Which screen shows. `home` lets the session decide (signed in if any school is, else
 * Connect), which is where the app starts; the others are chosen by the user or a sign-in.
 */
export type Screen =
  | { name: 'home' }
  | { name: 'connect' }
  | { name: 'waiting'; attemptId: string }
  | { name: 'signedIn' }
  | { name: 'failure'; error: UiError };

/** An area of the workspace: one of the four entities, or the account page. */
export type Area = EntityName | 'account';

/**
 * Where the workspace is: an area, and the record open beside its list (`new` for a record
 * being created). UI state only; the records themselves live in TanStack Query.
 */
export type WorkspaceRoute = { area: Area; recordId?: string };

/** A message for the Connect screen, e.g. after signing out. */
export type Notice = { tone: 'info' | 'warning'; text: string };

type Outcome = { type: 'finished'; schoolId: string } | { type: 'failed'; error: UiError };
/** What main reported of one attempt; the sign-in link comes with `waiting_for_browser`. */
type Attempt = { steps: SignInStep[]; authorizationUrl?: string; outcome?: Outcome };

/**
 * UI state only: never a copy of server data (sessions and recent schools live in TanStack
 * Query). Sign-in progress is kept per attempt because main reports the first steps before
 * the request that started the attempt has even answered with its id.
 */
export type UiState = {
  screen: Screen;
  draft: { school: string; scopes: string[] };
  selectedSchoolId?: string;
  notice?: Notice;
  attempts: Record<string, Attempt>;
  workspace: WorkspaceRoute;
  /** Shows an area's list (closing any open record). */
  openArea: (area: Area) => void;
  /** Opens a record of an area beside its list; `new` starts a create form. */
  openRecord: (area: EntityName, recordId: string) => void;
  closeRecord: () => void;
  setSchool: (school: string) => void;
  setScopes: (scopes: string[]) => void;
  beginAttempt: () => void;
  startWaiting: (attemptId: string) => void;
  recordEvent: (event: AppEvent) => void;
  showFailure: (error: UiError) => void;
  showConnect: (options?: { clearSchool?: boolean; notice?: Notice }) => void;
  showSignedIn: (schoolId?: string) => void;
};

/** What a waiting screen should turn into once its attempt has an outcome. */
function settle(state: UiState): Partial<UiState> {
  const { screen } = state;
  if (screen.name !== 'waiting') return {};
  const outcome = state.attempts[screen.attemptId]?.outcome;
  if (outcome?.type === 'finished')
    return { screen: { name: 'signedIn' }, selectedSchoolId: outcome.schoolId };
  if (outcome?.type === 'failed') return { screen: { name: 'failure', error: outcome.error } };
  return {};
}

/** The app's one UI store. */
export const useUiStore = create<UiState>()((set) => ({
  screen: { name: 'home' },
  draft: { school: '', scopes: [...DEFAULT_SCOPES] },
  attempts: {},
  workspace: { area: 'courses' },
  openArea: (area) => set({ workspace: { area } }),
  openRecord: (area, recordId) => set({ workspace: { area, recordId } }),
  closeRecord: () => set((s) => ({ workspace: { area: s.workspace.area } })),
  setSchool: (school) => set((s) => ({ draft: { ...s.draft, school } })),
  setScopes: (scopes) => set((s) => ({ draft: { ...s.draft, scopes } })),
  // Forget earlier attempts: any event from now on belongs to the new one or is stale.
  beginAttempt: () => set({ attempts: {}, notice: undefined }),
  startWaiting: (attemptId) =>
    set((s) => {
      const next = { ...s, screen: { name: 'waiting', attemptId } as const };
      return { ...next, ...settle(next) };
    }),
  recordEvent: (event) =>
    set((s) => {
      // Only sign-in events belong to an attempt; the others go to TanStack Query and jobs.
      if (
        event.type !== 'signIn:progress' &&
        event.type !== 'signIn:finished' &&
        event.type !== 'signIn:failed'
      )
        return {};
      const attempt = s.attempts[event.attemptId] ?? { steps: [] };
      const updated: Attempt =
        event.type === 'signIn:progress'
          ? {
              ...attempt,
              steps: [...attempt.steps, event.step],
              authorizationUrl: event.authorizationUrl ?? attempt.authorizationUrl,
            }
          : event.type === 'signIn:finished'
            ? { ...attempt, outcome: { type: 'finished', schoolId: event.session.schoolId } }
            : { ...attempt, outcome: { type: 'failed', error: event.error } };
      const next = { ...s, attempts: { ...s.attempts, [event.attemptId]: updated } };
      return { ...next, ...settle(next) };
    }),
  showFailure: (error) => set({ screen: { name: 'failure', error } }),
  showConnect: (options = {}) =>
    set((s) => ({
      screen: { name: 'connect' },
      notice: options.notice,
      draft: options.clearSchool ? { ...s.draft, school: '' } : s.draft,
    })),
  showSignedIn: (schoolId) =>
    set((s) => ({
      screen: { name: 'signedIn' },
      selectedSchoolId: schoolId ?? s.selectedSchoolId,
    })),
}));
