import type { BrowserOpener, Clock, Encryptor, Fetch, LogSink } from './adapters';
import type { AppEvent } from '../shared/contract';
import { AuthService } from './auth/auth-service';
import { SignInAttempts } from './sign-in-attempts';
import { downloadInBrowser, type FileSaver } from './workspace/file-saver';
import { JobRegistry } from './jobs/job-registry';
import { PlatformClients } from './data/schools';

/** What a host hands core: its adapters and a way to push events to the renderer. */
export type HostAdapters = {
  dataDir: string;
  encryptor: Encryptor;
  browser: BrowserOpener;
  emit: (event: AppEvent) => void;
  fetch?: Fetch;
  clock?: Clock;
  log?: LogSink;
  /** Electron shows a save dialog; the web host lets the browser download. */
  saveFile?: FileSaver;
};

/** Core's services, built once per app run; both hosts use this same composition root. */
export type Services = {
  auth: AuthService;
  signIns: SignInAttempts;
  keyringAvailable: boolean;
  /** The business API of each signed-in school. */
  platformClients: PlatformClients;
  /** Long operations in flight. */
  jobs: JobRegistry;
  /** How the host hands an exported file to the owner (save dialog or browser download). */
  saveFile: FileSaver;
};

/** Builds core's services from a host's adapters. */
export function createServices(adapters: HostAdapters): Services {
  // Created first so sign-out can forget a school's client together with its tokens.
  let platformClients: PlatformClients | undefined = undefined;
  const auth = new AuthService({
    dataDir: adapters.dataDir,
    encryptor: adapters.encryptor,
    browser: adapters.browser,
    ...(adapters.fetch ? { fetch: adapters.fetch } : {}),
    ...(adapters.clock ? { clock: adapters.clock } : {}),
    ...(adapters.log ? { log: adapters.log } : {}),
    // Local data of a school (cache, outbox) joins here once it exists.
    wipeSchoolData: (issuer: string) => platformClients?.forget(issuer),
  });
  platformClients = new PlatformClients(auth);
  return {
    auth,
    signIns: new SignInAttempts(auth, adapters.emit),
    keyringAvailable: adapters.encryptor.protection === 'keyring',
    platformClients,
    jobs: new JobRegistry(adapters.emit),
    saveFile: adapters.saveFile ?? downloadInBrowser,
  };
}
