import type { AppEvent, Channel, RequestOf, ResponseOf, Result } from './contract';

/** Sends one request over a host's transport and answers the coded result. */
export type Invoke = <C extends Channel>(
  channel: C,
  request: RequestOf<C>,
) => Promise<Result<ResponseOf<C>>>;
/** Subscribes to pushed events; answers the unsubscribe function. */
export type Subscribe = (listener: (event: AppEvent) => void) => () => void;

/**
 * `window.schooldesk`: named functions grouped by domain, the same in both hosts. It is built
 * from a transport (`invoke`, `subscribe`) by the preload in Electron and by the web bridge in
 * the web host. There is deliberately no generic invoke on it.
 */
export type SchooldeskApi = {
  readonly version: string;
  session: {
    current(): Promise<Result<ResponseOf<'session:current'>>>;
    signIn(request: RequestOf<'session:signIn'>): Promise<Result<ResponseOf<'session:signIn'>>>;
    grantMore(
      request: RequestOf<'session:grantMore'>,
    ): Promise<Result<ResponseOf<'session:grantMore'>>>;
    cancel(request: RequestOf<'session:cancel'>): Promise<Result<ResponseOf<'session:cancel'>>>;
    signOut(request: RequestOf<'session:signOut'>): Promise<Result<ResponseOf<'session:signOut'>>>;
  };
  schools: { recent(): Promise<Result<ResponseOf<'schools:recent'>>> };
  settings: {
    setKeepSignedInWithoutKeyring(
      request: RequestOf<'settings:setKeepSignedInWithoutKeyring'>,
    ): Promise<Result<ResponseOf<'settings:setKeepSignedInWithoutKeyring'>>>;
  };
  /** Listens to sign-in progress and session changes. */
  onEvent: Subscribe;
};

/** Builds the named API over a transport. */
export function buildSchooldeskApi(
  version: string,
  invoke: Invoke,
  subscribe: Subscribe,
): SchooldeskApi {
  return {
    version,
    session: {
      current: () => invoke('session:current', {}),
      signIn: (request) => invoke('session:signIn', request),
      grantMore: (request) => invoke('session:grantMore', request),
      cancel: (request) => invoke('session:cancel', request),
      signOut: (request) => invoke('session:signOut', request),
    },
    schools: { recent: () => invoke('schools:recent', {}) },
    settings: {
      setKeepSignedInWithoutKeyring: (request) =>
        invoke('settings:setKeepSignedInWithoutKeyring', request),
    },
    onEvent: subscribe,
  };
}
