import { create } from 'zustand';
import type { AppEvent } from '../shared/contract';
import { DEFAULT_SCOPES } from '../shared/scope-catalog';
import type { EntityName } from '../shared/entity-names';
import type { UiError } from './data/bridge';
import { endToastsAbout, useToastStore } from './toast-store';

/** A sign-in step as main reports it. */
export type SignInStep = Extract<AppEvent, { type: 'signIn:progress' }>['step'];

/**
 * Which screen shows. `home` lets the session decide (signed in if any school is, else
 * Connect), which is where the app starts; the others are chosen by the user or a sign-in.
 * Connect keeps a sign-in while it is only finding the school (`attemptId`), so a mistyped
 * address comes back as an error on the field (`addressError`) instead of another screen.
 */
export type Screen =
  | { name: 'home' }
  | { name: 'connect'; attemptId?: string; addressError?: UiError }
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

/** One list as the owner left it: search, sort, filters and how far it was scrolled. */
export type ListView = {
  query: string;
  sort?: string;
  filters: Readonly<Record<string, string | boolean>>;
  scrollTop: number;
};

/**
 * One school's place in the workspace, kept while another school is shown so that switching
 * back finds it as it was; nothing of it is ever shown for another school.
 */
export type SchoolView = { route: WorkspaceRoute; lists: Partial<Record<EntityName, ListView>> };

/** A message for the Connect screen, e.g. after signing out. */
export type Notice = { tone: 'info' | 'warning'; text: string };

type Outcome = { type: 'finished'; schoolId: string } | { type: 'failed'; error: UiError };
/** What main reported of one attempt; the sign-in link comes with `waiting_for_browser`. */
type Attempt = { steps: SignInStep[]; authorizationUrl?: string; outcome?: Outcome };

/**
 * UI state only: never a copy of server data (sessions and recent schools live in TanStack
 * Query). Sign-in progress is kept per attempt because main reports the first steps before
 * the request that started the attempt has even answered with its id. The workspace's place
 * (area, open record, lists) is kept per school in `views`.
 */
export type UiState = {
  screen: Screen;
  draft: { school: string; scopes: string[] };
  /** The school the workspace shows; the app keeps it in step with the signed-in schools. */
  selectedSchoolId?: string;
  notice?: Notice;
  attempts: Record<string, Attempt>;
  views: Record<string, SchoolView>;
  /**
   * Shows an area's list of the selected school (closing any open record); another area's
   * list starts fresh but keeps the sort the owner chose for it in this school.
   */
  openArea: (area: Area) => void;
  /** Opens a record of an area beside its list; `new` starts a create form. */
  openRecord: (area: EntityName, recordId: string) => void;
  closeRecord: () => void;
  /** Remembers how a school's list is searched, sorted, filtered and scrolled. */
  setListView: (schoolId: string, entity: EntityName, patch: Partial<ListView>) => void;
  /** Shows a signed-in school in the workspace, where it was left. */
  selectSchool: (schoolId: string) => void;
  setSchool: (school: string) => void;
  setScopes: (scopes: string[]) => void;
  beginAttempt: () => void;
  /**
   * Follows an attempt main started. From Connect, the screen stays until the school is found
   * (a mistyped address is then an error on its field); otherwise the Waiting screen shows.
   */
  startWaiting: (attemptId: string, options?: { fromConnect?: boolean }) => void;
  recordEvent: (event: AppEvent) => void;
  showFailure: (error: UiError) => void;
  showConnect: (options?: {
    clearSchool?: boolean;
    notice?: Notice;
    addressError?: UiError;
  }) => void;
  showSignedIn: (schoolId?: string) => void;
};

/**
 * Failures that mean the address is wrong (a typo, a host that is not a school, no answer
 * there) while the school is still being found: they belong on the address field.
 */
const ADDRESS_ERRORS: ReadonlySet<string> = new Set([
  'invalid_school_address',
  'discovery_failed',
  'network_error',
  'no_answer',
]);

/** Whether a sign-in failure is about the typed address (see {@link ADDRESS_ERRORS}). */
export function isAddressError(error: Pick<UiError, 'code'>): boolean {
  return ADDRESS_ERRORS.has(error.code);
}

/** Where a school with no place of its own yet opens: the first area. */
const HOME: WorkspaceRoute = { area: 'courses' };
/** A list nobody has searched, sorted, filtered or scrolled. */
export const FRESH_LIST: ListView = { query: '', filters: {}, scrollTop: 0 };

/**
 * The lists as an owner finds them on coming back to an area: sorted as they left them, with
 * no search, filter or scroll. A sort only orders; a search or filter kept out of sight would
 * hide records the owner no longer remembers hiding.
 */
function sortsOnly(lists: SchoolView['lists']): SchoolView['lists'] {
  const kept: SchoolView['lists'] = {};
  for (const [entity, list] of Object.entries(lists) as [EntityName, ListView][])
    if (list.sort !== undefined) kept[entity] = { ...FRESH_LIST, sort: list.sort };
  return kept;
}

/** The selected school's place (or HOME), the same object while it does not change. */
export function routeOf(state: Pick<UiState, 'views' | 'selectedSchoolId'>): WorkspaceRoute {
  const id = state.selectedSchoolId;
  return (id === undefined ? undefined : state.views[id]?.route) ?? HOME;
}

/**
 * The state that shows `schoolId`: its own place if it was shown before, else the area the
 * previous school was on, with no record open (a record id belongs to one school only).
 * Toasts go too: an Undo of one school must not act while another is shown.
 */
function switchTo(state: UiState, schoolId: string): Partial<UiState> {
  if (state.selectedSchoolId === schoolId && state.views[schoolId]) return {};
  if (state.selectedSchoolId !== schoolId) useToastStore.setState({ toasts: [] });
  const view = state.views[schoolId] ?? { route: { area: routeOf(state).area }, lists: {} };
  return { selectedSchoolId: schoolId, views: { ...state.views, [schoolId]: view } };
}

/** The selected school's view with `change` applied; unchanged while no school is selected. */
function withView(state: UiState, change: (view: SchoolView) => SchoolView): Partial<UiState> {
  const id = state.selectedSchoolId;
  if (id === undefined) return {};
  const view = state.views[id] ?? { route: HOME, lists: {} };
  return { views: { ...state.views, [id]: change(view) } };
}

/** What a Connect or Waiting screen should turn into once its attempt moved on. */
function settle(state: UiState): Partial<UiState> {
  const { screen } = state;
  if (screen.name !== 'waiting' && screen.name !== 'connect') return {};
  if (screen.attemptId === undefined) return {};
  const attempt = state.attempts[screen.attemptId];
  const outcome = attempt?.outcome;
  if (outcome?.type === 'finished')
    return { screen: { name: 'signedIn' }, ...switchTo(state, outcome.schoolId) };
  const stillFinding = (attempt?.steps ?? []).every((step) => step === 'discovering');
  if (outcome?.type === 'failed') {
    if (stillFinding && isAddressError(outcome.error))
      return { screen: { name: 'connect', addressError: outcome.error } };
    return { screen: { name: 'failure', error: outcome.error } };
  }
  // Found: the school's sign-in page is being prepared, which is the Waiting screen's.
  if (screen.name === 'connect' && !stillFinding)
    return { screen: { name: 'waiting', attemptId: screen.attemptId } };
  return {};
}

/** The app's one UI store. */
export const useUiStore = create<UiState>()((set) => ({
  screen: { name: 'home' },
  draft: { school: '', scopes: [...DEFAULT_SCOPES] },
  attempts: {},
  views: {},
  // Another area starts its list afresh but for its sort; the school's whole list state is
  // what survives a switch to another school and back.
  openArea: (area) => {
    // An Undo of a record in the area left behind must not act unseen.
    endToastsAbout((about) => about.entity !== area);
    set((s) =>
      withView(s, (view) => ({
        route: { area },
        lists: view.route.area === area ? view.lists : sortsOnly(view.lists),
      })),
    );
  },
  openRecord: (area, recordId) =>
    set((s) => withView(s, (view) => ({ ...view, route: { area, recordId } }))),
  closeRecord: () =>
    set((s) => withView(s, (view) => ({ ...view, route: { area: view.route.area } }))),
  setListView: (schoolId, entity, patch) =>
    set((s) => {
      const view = s.views[schoolId] ?? { route: HOME, lists: {} };
      const list = { ...(view.lists[entity] ?? FRESH_LIST), ...patch };
      return {
        views: { ...s.views, [schoolId]: { ...view, lists: { ...view.lists, [entity]: list } } },
      };
    }),
  selectSchool: (schoolId) => set((s) => switchTo(s, schoolId)),
  setSchool: (school) => set((s) => ({ draft: { ...s.draft, school } })),
  setScopes: (scopes) => set((s) => ({ draft: { ...s.draft, scopes } })),
  // Forget earlier attempts: any event from now on belongs to the new one or is stale.
  beginAttempt: () => set({ attempts: {}, notice: undefined }),
  startWaiting: (attemptId, options = {}) =>
    set((s) => {
      const screen: Screen = options.fromConnect
        ? { name: 'connect', attemptId }
        : { name: 'waiting', attemptId };
      const next = { ...s, screen };
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
      screen: options.addressError
        ? { name: 'connect', addressError: options.addressError }
        : { name: 'connect' },
      notice: options.notice,
      draft: options.clearSchool ? { ...s.draft, school: '' } : s.draft,
    })),
  showSignedIn: (schoolId) =>
    set((s) => ({
      screen: { name: 'signedIn' },
      ...(schoolId === undefined ? {} : switchTo(s, schoolId)),
    })),
}));

/** The selected school's place in the workspace. */
export function useWorkspaceRoute(): WorkspaceRoute {
  return useUiStore(routeOf);
}

/** How one school's list was left, or a fresh one; the same object while it does not change. */
export function useListView(schoolId: string, entity: EntityName): ListView {
  return useUiStore((s) => s.views[schoolId]?.lists[entity] ?? FRESH_LIST);
}
