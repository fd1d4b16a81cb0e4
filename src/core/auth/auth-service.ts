import type { BrowserOpener, Clock, Encryptor, Fetch, LogSink } from '../adapters';
import { systemClock } from '../adapters';
import { Settings } from '../store/settings';
import { authorizedRequest, type AuthorizedRequest } from './authorized-request';
import type { AuthDeps, SignInProgress } from './deps';
import { normaliseBaseUrl } from './discovery';
import { maskedLogger, SecretMask, silentLog } from './secret-mask';
import { schoolKeyOf } from './school-key';
import { Sessions } from './session';
import { beginSignIn } from './sign-in';
import { PendingRevocationStore, type PendingRevocationSummary } from './pending-revocations';
import { DEFAULT_REVOCATION_POLICY, type RevocationPolicy } from './revocation';
import { SignOuts, type ForgetResult, type SignOutResult } from './sign-out';
import type { TokenSet } from './token-set';
import { TokenStore } from './token-store';

export type AuthServiceOptions = {
  dataDir: string;
  encryptor: Encryptor;
  browser: BrowserOpener;
  fetch?: Fetch;
  clock?: Clock;
  log?: LogSink;
  listenerTimeoutMs?: number;
  metadataMaxAgeMs?: number;
  clientMetadataDocumentUrl?: string;
  /**
   * The app's one Settings and SecretMask, built by the composition root so that the store and
   * the host's log share them; a standalone AuthService (tests) makes its own.
   */
  settings?: Settings;
  mask?: SecretMask;
  /** Deletes a school's local copy (and outbox) at sign-out; named by its school key. */
  wipeSchoolData?: (school: string) => Promise<void> | void;
  /** How persistent revocation is at sign-out (tests shorten its waits and deadlines). */
  revocationPolicy?: Partial<RevocationPolicy>;
  /** A pending revocation was added, confirmed or given up (the host tells the renderer). */
  onPendingRevocationsChanged?: () => void;
  /** A sign-in finished and its session is saved (the school's outbox may have waited for it). */
  onSignedIn?: (schoolId: string) => void;
  onProgress?: (event: SignInProgress) => void;
};

/** What the rest of the app may know about a session: never a token. */
export type SessionSummary = {
  /** The school's key (issuer and resource): how the rest of the app names this school. */
  schoolId: string;
  /** The school's authorization server. */
  issuer: string;
  baseUrl: string;
  sub: string | undefined;
  name: string | undefined;
  email: string | undefined;
  role: string | undefined;
  /** The school's subdomain on the platform, the name the app shows for it (when sent). */
  schoolSubdomain?: string;
  /** The school's own name, from its resource metadata (when sent): shown before the subdomain. */
  schoolName?: string;
  scopes: string[];
  /** Asked for at sign-in but not granted (declined at consent). */
  declinedScopes: string[];
  expiresAt: number;
};

/**
 * The sign-in core: one object per app, sessions keyed by school (issuer and resource) so
 * several schools can be signed in at once, two of them on one authorization server too. Tokens stay inside; callers get summaries and API responses.
 */
export class AuthService {
  private readonly deps: AuthDeps;
  private readonly sessions: Sessions;
  private readonly signOuts: SignOuts;

  private readonly onSignedIn: (schoolId: string) => void;

  constructor(options: AuthServiceOptions) {
    this.onSignedIn = options.onSignedIn ?? (() => {});
    const settings = options.settings ?? new Settings(options.dataDir);
    const mask = options.mask ?? new SecretMask();
    const log = maskedLogger(options.log ?? silentLog, mask);
    this.deps = {
      fetch: options.fetch ?? fetch,
      clock: options.clock ?? systemClock,
      browser: options.browser,
      settings,
      store: new TokenStore(
        options.dataDir,
        options.encryptor,
        () => settings.persistWithoutKeyring,
        log,
      ),
      mask,
      log,
      listenerTimeoutMs: options.listenerTimeoutMs,
      metadataMaxAgeMs: options.metadataMaxAgeMs,
      clientMetadataDocumentUrl: options.clientMetadataDocumentUrl,
      onProgress: options.onProgress ?? (() => {}),
    };
    this.sessions = new Sessions(this.deps);
    this.signOuts = new SignOuts(this.deps, {
      store: new PendingRevocationStore(
        options.dataDir,
        options.encryptor,
        // Exactly where the tokens themselves would reach the disk.
        () => this.deps.store.persistsToDisk,
        this.deps.log,
      ),
      policy: { ...DEFAULT_REVOCATION_POLICY, ...options.revocationPolicy },
      wipeSchoolData: options.wipeSchoolData ?? (() => {}),
      onPendingChanged: options.onPendingRevocationsChanged ?? (() => {}),
    });
  }

  /**
   * Starts a sign-in; see beginSignIn. `done` settles with the session's summary (never its
   * tokens), and a successful school joins the recent schools.
   */
  async beginSignIn(
    school: string,
    scopes: string[],
    signal?: AbortSignal,
    onProgress?: (event: SignInProgress) => void,
  ): Promise<{ authorizationUrl: string; done: Promise<SessionSummary> }> {
    const deps = onProgress
      ? {
          ...this.deps,
          onProgress: (e: SignInProgress) => (this.deps.onProgress(e), onProgress(e)),
        }
      : this.deps;
    // A school whose sign-in failed (or failed discovery's checks) leaves no metadata behind.
    const forgetIfFailed = async (error: unknown): Promise<never> => {
      await this.forgetMetadataUnlessSignedIn(school);
      throw error;
    };
    const attempt = await beginSignIn(deps, { school, scopes, signal }).catch(forgetIfFailed);
    const done = attempt.done.then((set) => {
      this.deps.settings.rememberSchool(set.baseUrl);
      const summary = summaryOf(set);
      this.onSignedIn(summary.schoolId);
      return summary;
    }, forgetIfFailed);
    return { authorizationUrl: attempt.authorizationUrl, done };
  }

  /** Signs in and waits for the result. */
  async signIn(school: string, scopes: string[], signal?: AbortSignal): Promise<SessionSummary> {
    return (await this.beginSignIn(school, scopes, signal)).done;
  }

  /** Base URLs signed in to before, most recent first. */
  recentSchools(): string[] {
    return this.deps.settings.recentSchools;
  }

  /** Summaries of every school signed in on this computer. */
  async signedIn(): Promise<SessionSummary[]> {
    const schools = await this.deps.store.schools();
    const sets = await Promise.all(schools.map((school) => this.deps.store.load(school)));
    return sets.filter((s): s is TokenSet => s !== undefined).map(summaryOf);
  }

  /** The summary of one school's session, or `not_signed_in`. */
  async session(school: string): Promise<SessionSummary> {
    return summaryOf(await this.sessions.current(school));
  }

  /** Calls the school's API as the signed-in user (refresh and step-up included). */
  request(school: string, url: URL, request?: AuthorizedRequest): Promise<Response> {
    return authorizedRequest(
      this.deps,
      this.sessions,
      (set, missing) => this.stepUp(set, missing),
      school,
      url,
      request,
    );
  }

  /** Refreshes now (single-flight per school). */
  async refresh(school: string): Promise<SessionSummary> {
    return summaryOf(await this.sessions.refresh(school));
  }

  /** Signs out of one school: revoke, then forget locally whatever happened. */
  signOut(school: string): Promise<SignOutResult> {
    return this.signOuts.signOut(school);
  }

  /** Sign-outs whose revocation the school has not confirmed yet (no token in them). */
  pendingRevocations(): Promise<PendingRevocationSummary[]> {
    return this.signOuts.pending();
  }

  /**
   * Tries the pending revocations again (at start, in the background); answers what is still
   * pending.
   */
  retryPendingRevocations(): Promise<PendingRevocationSummary[]> {
    return this.signOuts.retryPending();
  }

  /**
   * "Forget this school": signs out of it, tries its pending revocation one last time, and
   * removes its registrations, metadata, recent-schools entry and local copy.
   */
  async forgetSchool(typed: string): Promise<ForgetResult> {
    const baseUrl = baseUrlOf(typed);
    const schools = await this.deps.store.schools();
    const sets = await Promise.all(
      schools.map((school) => this.deps.store.load(school).catch(() => undefined)),
    );
    return this.signOuts.forget(
      baseUrl,
      sets.filter((s): s is TokenSet => s !== undefined),
    );
  }

  /** Drops the metadata cached for a typed address unless a session of that school uses it. */
  private async forgetMetadataUnlessSignedIn(typed: string): Promise<void> {
    let baseUrl: string;
    try {
      baseUrl = baseUrlOf(typed);
    } catch {
      return; // not an address: nothing was cached under it
    }
    const signedIn = await this.signedIn().catch(() => []);
    if (!signedIn.some((s) => s.baseUrl === baseUrl)) this.deps.settings.forgetMetadata(baseUrl);
  }

  /** Lets the user keep tokens on disk although the OS has no keyring (basic_text). */
  setPersistWithoutKeyring(allowed: boolean): void {
    this.deps.settings.persistWithoutKeyring = allowed;
  }

  /** Whether tokens reach the disk (encrypted) or stay in memory only. */
  get tokensPersist(): boolean {
    return this.deps.store.persistsToDisk;
  }

  /** A new authorization for the union of granted and missing scopes replaces the session. */
  private async stepUp(set: TokenSet, missing: string[]): Promise<TokenSet> {
    const attempt = await beginSignIn(this.deps, {
      school: set.baseUrl,
      scopes: [...set.scopes, ...missing],
    });
    return attempt.done;
  }
}

/**
 * How the metadata cache, the recent schools and sessions spell a typed address; throws
 * `invalid_school_address` for what cannot be one.
 */
export function baseUrlOf(typed: string): string {
  return normaliseBaseUrl(typed).href.replace(/\/$/, '');
}

/** SECURITY: the only shape of a session that leaves core: no token in it. */
export function summaryOf(set: TokenSet): SessionSummary {
  return {
    schoolId: schoolKeyOf(set),
    issuer: set.issuer,
    baseUrl: set.baseUrl,
    sub: set.sub,
    name: set.profile?.name,
    email: set.profile?.email,
    role: set.profile?.role,
    ...(set.schoolSubdomain ? { schoolSubdomain: set.schoolSubdomain } : {}),
    ...(set.schoolName ? { schoolName: set.schoolName } : {}),
    scopes: set.scopes,
    declinedScopes: (set.requestedScopes ?? []).filter((s) => !set.scopes.includes(s)),
    expiresAt: set.expiresAt,
  };
}
