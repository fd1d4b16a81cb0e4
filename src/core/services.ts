import { authLogText } from './auth/errors';
import {
  keepsSecretsOnDisk,
  type BrowserOpener,
  type Clock,
  type Encryptor,
  type Fetch,
  type LogSink,
} from './adapters';
import type { AppEvent } from '../shared/contract';
import type { Language } from '../shared/languages';
import { AuthService } from './auth/auth-service';
import { maskedLogger, SecretMask, silentLog } from './auth/secret-mask';
import { ChangeNotices } from './data/change-notices';
import { Schools } from './data/schools';
import { JobRegistry } from './jobs/job-registry';
import { SignInAttempts } from './sign-in-attempts';
import { SchoolDatabases, schoolDataPersistPolicy } from './store/school-database';
import type { LaunchHelper } from './store/helper-process';
import { SqlJsEraFiles } from './store/upgrade/sqljs-era';
import { Settings } from './store/settings';
import type { RateLimits } from './sync/rate-limiter';
import type { NetworkHint } from './sync/reachability';
import { downloadInBrowser, type FileSaver } from './workspace/file-saver';

/** What a host hands core: its adapters and a way to push events to the renderer. */
export type HostAdapters = {
  dataDir: string;
  encryptor: Encryptor;
  browser: BrowserOpener;
  emit: (event: AppEvent) => void;
  fetch?: Fetch;
  clock?: Clock;
  log?: LogSink;
  /**
   * The mask the host's own log transport applies (electron-log's hook). Passing it here
   * makes it the app's one mask, so every secret auth registers is masked there too.
   */
  mask?: SecretMask;
  /** Electron shows a save dialog; the web host lets the browser download. */
  saveFile?: FileSaver;
  /** The host's view of the network (Electron's net.isOnline): a hint, never the verdict. */
  networkHint?: NetworkHint;
  /**
   * The pace the app keeps with each school; the platform's published limits (600 reads and
   * 200 writes a minute) unless a host says otherwise (a stand-in run with its limits off).
   */
  rateLimits?: Partial<RateLimits>;
  /**
   * Called once the owner's choice of language is saved (undefined: follow the system's), so
   * the host speaks it too: Electron rebuilds its menu in it.
   */
  onLanguageChanged?: (chosen: Language | undefined) => void;
  /** How the host starts a school database's helper processes; nodeHelper unless given. */
  launchHelper?: LaunchHelper;
};

/** Core's services, built once per app run; both hosts use this same composition root. */
export type Services = {
  auth: AuthService;
  signIns: SignInAttempts;
  keyringAvailable: boolean;
  /** The app's one settings file (registrations, metadata, recent schools, opt-ins). */
  settings: Settings;
  /** The app's one secret mask: auth registers tokens in it, every log line passes it. */
  mask: SecretMask;
  /** The data of each signed-in school behind the SchoolData seam, with its sync. */
  schools: Schools;
  /** Long operations in flight. */
  jobs: JobRegistry;
  /** How the host hands an exported file to the owner (save dialog or browser download). */
  saveFile: FileSaver;
  /** Tells the host the owner chose a language (HostAdapters.onLanguageChanged). */
  languageChanged: (chosen: Language | undefined) => void;
};

/**
 * Builds core's services from a host's adapters. It is the one owner of the settings file,
 * the encryptor and the secret mask: everything that needs them gets them from here, so no
 * second Settings opens the same file and no log line escapes the mask.
 */
export function createServices(adapters: HostAdapters): Services {
  const settings = new Settings(adapters.dataDir);
  const mask = adapters.mask ?? new SecretMask();
  // Created first so sign-out can forget a school's data together with its tokens.
  let schools: Schools | undefined = undefined;
  const log = maskedLogger(adapters.log ?? silentLog, mask);
  const auth = new AuthService({
    dataDir: adapters.dataDir,
    encryptor: adapters.encryptor,
    browser: adapters.browser,
    settings,
    mask,
    ...(adapters.log ? { log: adapters.log } : {}),
    ...(adapters.fetch ? { fetch: adapters.fetch } : {}),
    ...(adapters.clock ? { clock: adapters.clock } : {}),
    wipeSchoolData: (schoolId) => schools?.forget(schoolId),
    // Signed in again after the school stopped accepting the session: what waited goes now.
    onSignedIn: (schoolId) => void schools?.signedIn(schoolId),
    // The renderer re-reads the session, which lists what the school has not yet confirmed.
    onPendingRevocationsChanged: () =>
      void auth
        .signedIn()
        .then((sessions) => adapters.emit({ type: 'session:changed', sessions }))
        .catch(() => undefined),
  });
  // The school's data follows the same policy as its tokens: encrypted on disk with the
  // host's Encryptor, or in memory only where there is no keyring and no opt-in.
  const persist = schoolDataPersistPolicy(adapters.encryptor, () => settings.persistWithoutKeyring);
  const changes = new ChangeNotices((schoolId, areas) =>
    adapters.emit({ type: 'data:changed', schoolId, areas }),
  );
  schools = new Schools(auth, {
    // Records, sync state and the owner's unsent writes: one encrypted database per school.
    databases: new SchoolDatabases(
      adapters.dataDir,
      adapters.encryptor,
      persist,
      log,
      adapters.launchHelper,
    ),
    legacy: new SqlJsEraFiles(adapters.dataDir, adapters.encryptor, log),
    onOutbox: (status) => adapters.emit({ type: 'outbox:status', status }),
    memoryOnly: () => !persist(),
    onStatus: (status) => adapters.emit({ type: 'sync:status', status }),
    onDataChanged: (schoolId, areas) => changes.changed(schoolId, areas),
    log,
    ...(adapters.clock ? { clock: adapters.clock } : {}),
    ...(adapters.networkHint ? { hint: adapters.networkHint } : {}),
    ...(adapters.rateLimits ? { rateLimits: adapters.rateLimits } : {}),
  });
  // Every school signed in on this computer opens from its local copy and syncs.
  void schools.resumeAll();
  // Sign-outs the school did not confirm are finished in the background; start never waits.
  void auth
    .retryPendingRevocations()
    .catch((error: unknown) => log.warn(`pending revocations: ${authLogText(error)}`));
  return {
    auth,
    signIns: new SignInAttempts(auth, adapters.emit),
    keyringAvailable: keepsSecretsOnDisk(adapters.encryptor.protection),
    settings,
    mask,
    schools,
    jobs: new JobRegistry(adapters.emit),
    saveFile: adapters.saveFile ?? downloadInBrowser,
    languageChanged: adapters.onLanguageChanged ?? (() => {}),
  };
}
