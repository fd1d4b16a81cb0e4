import type { BrowserOpener, Clock, Encryptor, Fetch, LogSink } from './adapters';
import type { AppEvent } from '../shared/contract';
import { AuthService } from './auth/auth-service';
import { SignInAttempts } from './sign-in-attempts';

/** What a host hands core: its adapters and a way to push events to the renderer. */
export type HostAdapters = {
  dataDir: string;
  encryptor: Encryptor;
  browser: BrowserOpener;
  emit: (event: AppEvent) => void;
  fetch?: Fetch;
  clock?: Clock;
  log?: LogSink;
};

/** Core's services, built once per app run; both hosts use this same composition root. */
export type Services = {
  auth: AuthService;
  signIns: SignInAttempts;
  keyringAvailable: boolean;
};

/** Builds core's services from a host's adapters. */
export function createServices(adapters: HostAdapters): Services {
  const auth = new AuthService({
    dataDir: adapters.dataDir,
    encryptor: adapters.encryptor,
    browser: adapters.browser,
    ...(adapters.fetch ? { fetch: adapters.fetch } : {}),
    ...(adapters.clock ? { clock: adapters.clock } : {}),
    ...(adapters.log ? { log: adapters.log } : {}),
    // Local data of a school (cache, outbox) joins here once it exists.
    wipeSchoolData: () => {},
  });
  return {
    auth,
    signIns: new SignInAttempts(auth, adapters.emit),
    keyringAvailable: adapters.encryptor.protection === 'keyring',
  };
}
