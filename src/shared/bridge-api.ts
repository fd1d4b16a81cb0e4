import type { AppEvent, Channel, RequestOf, ResponseOf, Result } from './contract';
import { ENTITY_NAMES, type EntityName } from './entity-names';

/** Sends one request over a host's transport and answers the coded result. */
export type Invoke = <C extends Channel>(
  channel: C,
  request: RequestOf<C>,
) => Promise<Result<ResponseOf<C>>>;
/** Subscribes to pushed events; answers the unsubscribe function. */
export type Subscribe = (listener: (event: AppEvent) => void) => () => void;

/** The named function of one channel. */
type Call<C extends Channel> = (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>;

/** The five calls of one entity: `courses.list(...)`, `courses.update(...)` and so on. */
export type EntityApi<E extends EntityName> = {
  list: Call<`${E}:list`>;
  get: Call<`${E}:get`>;
  create: Call<`${E}:create`>;
  update: Call<`${E}:update`>;
  delete: Call<`${E}:delete`>;
};

/**
 * `window.schooldesk`: named functions grouped by domain, the same in both hosts. It is built
 * from a transport (`invoke`, `subscribe`) by the preload in Electron and by the web bridge in
 * the web host. There is deliberately no generic invoke on it.
 */
export type SchooldeskApi = {
  readonly version: string;
  session: {
    current(): Promise<Result<ResponseOf<'session:current'>>>;
    signIn: Call<'session:signIn'>;
    grantMore: Call<'session:grantMore'>;
    cancel: Call<'session:cancel'>;
    signOut: Call<'session:signOut'>;
  };
  schools: {
    recent(): Promise<Result<ResponseOf<'schools:recent'>>>;
    forget: Call<'schools:forget'>;
  };
  settings: {
    setKeepSignedInWithoutKeyring: Call<'settings:setKeepSignedInWithoutKeyring'>;
    language(): Promise<Result<ResponseOf<'settings:language'>>>;
    setLanguage: Call<'settings:setLanguage'>;
  };
  courses: EntityApi<'courses'>;
  students: EntityApi<'students'> & { import: Call<'students:import'> };
  coupons: EntityApi<'coupons'> & { generate: Call<'coupons:generate'> };
  pages: EntityApi<'pages'>;
  enrollments: {
    list: Call<'enrollments:list'>;
    enroll: Call<'enrollments:enroll'>;
    remove: Call<'enrollments:remove'>;
    expire: Call<'enrollments:expire'>;
    extend: Call<'enrollments:extend'>;
    bulkEnroll: Call<'enrollments:bulkEnroll'>;
  };
  files: { exportCsv: Call<'export:csv'> };
  jobs: { cancel: Call<'jobs:cancel'> };
  /** A school's local copy: its status, "Sync now", and stopping a first sync. */
  sync: { status: Call<'sync:status'>; now: Call<'sync:now'>; cancel: Call<'sync:cancel'> };
  outbox: {
    status: Call<'outbox:status'>;
    list: Call<'outbox:list'>;
    retry: Call<'outbox:retry'>;
    discard: Call<'outbox:discard'>;
    acknowledgeUnreadable: Call<'outbox:acknowledgeUnreadable'>;
    discardOtherAccount: Call<'outbox:discardOtherAccount'>;
    resolve: Call<'outbox:resolve'>;
  };
  /**
   * Listens to sign-in progress, session changes, the progress of long operations, sync
   * status and data changed by sync.
   */
  onEvent: Subscribe;
};

function entityApi<E extends EntityName>(entity: E, invoke: Invoke): EntityApi<E> {
  // The channel names are built from the entity, so TypeScript needs them named once.
  const channel = <A extends string>(action: A) => `${entity}:${action}` as const;
  return {
    list: (request) => invoke(channel('list'), request),
    get: (request) => invoke(channel('get'), request),
    create: (request) => invoke(channel('create'), request),
    update: (request) => invoke(channel('update'), request),
    delete: (request) => invoke(channel('delete'), request),
  };
}

/** Builds the named API over a transport. */
export function buildSchooldeskApi(
  version: string,
  invoke: Invoke,
  subscribe: Subscribe,
): SchooldeskApi {
  const [courses, students, coupons, pages] = ENTITY_NAMES.map((e) => entityApi(e, invoke)) as [
    EntityApi<'courses'>,
    EntityApi<'students'>,
    EntityApi<'coupons'>,
    EntityApi<'pages'>,
  ];
  return {
    version,
    session: {
      current: () => invoke('session:current', {}),
      signIn: (request) => invoke('session:signIn', request),
      grantMore: (request) => invoke('session:grantMore', request),
      cancel: (request) => invoke('session:cancel', request),
      signOut: (request) => invoke('session:signOut', request),
    },
    schools: {
      recent: () => invoke('schools:recent', {}),
      forget: (request) => invoke('schools:forget', request),
    },
    settings: {
      setKeepSignedInWithoutKeyring: (request) =>
        invoke('settings:setKeepSignedInWithoutKeyring', request),
      language: () => invoke('settings:language', {}),
      setLanguage: (request) => invoke('settings:setLanguage', request),
    },
    courses,
    students: { ...students, import: (request) => invoke('students:import', request) },
    coupons: { ...coupons, generate: (request) => invoke('coupons:generate', request) },
    pages,
    enrollments: {
      list: (request) => invoke('enrollments:list', request),
      enroll: (request) => invoke('enrollments:enroll', request),
      remove: (request) => invoke('enrollments:remove', request),
      expire: (request) => invoke('enrollments:expire', request),
      extend: (request) => invoke('enrollments:extend', request),
      bulkEnroll: (request) => invoke('enrollments:bulkEnroll', request),
    },
    files: { exportCsv: (request) => invoke('export:csv', request) },
    jobs: { cancel: (request) => invoke('jobs:cancel', request) },
    sync: {
      status: (request) => invoke('sync:status', request),
      now: (request) => invoke('sync:now', request),
      cancel: (request) => invoke('sync:cancel', request),
    },
    outbox: {
      status: (request) => invoke('outbox:status', request),
      list: (request) => invoke('outbox:list', request),
      retry: (request) => invoke('outbox:retry', request),
      acknowledgeUnreadable: (request) => invoke('outbox:acknowledgeUnreadable', request),
      discardOtherAccount: (request) => invoke('outbox:discardOtherAccount', request),
      discard: (request) => invoke('outbox:discard', request),
      resolve: (request) => invoke('outbox:resolve', request),
    },
    onEvent: subscribe,
  };
}
