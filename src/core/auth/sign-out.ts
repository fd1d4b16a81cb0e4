import type { SignOutUnconfirmed } from '../../shared/auth-errors';
import type { AuthDeps } from './deps';
import { AuthError, authLogText } from './errors';
import type { PendingRevocationStore, PendingRevocationSummary } from './pending-revocations';
import { revokePending, type RevocationPolicy, type TokenOutcome } from './revocation';
import { schoolKeyOf } from './school-key';
import type { TokenSet } from './token-set';

/**
 * What sign-out achieved; the local tokens and data are gone either way.
 * - `revoked`: the school confirmed both tokens are cancelled (or there was nothing to cancel);
 * - `pending`: the school did not answer or failed; a pending revocation is kept and tried
 *   again (`revocation_pending`; `revocation_pending_memory` when it cannot survive a quit);
 * - neither: the school refused for good (`revocation_refused`), which trying again would not
 *   change.
 */
export type SignOutResult =
  { revoked: true } | { revoked: false; pending: boolean; error: Unconfirmed };

/** The failure of a sign-out the school did not confirm, with one of its codes. */
type Unconfirmed = AuthError & { readonly code: SignOutUnconfirmed };

const unconfirmed = (code: SignOutUnconfirmed, detail?: string) =>
  new AuthError(code, detail === undefined ? {} : { detail }) as Unconfirmed;

/** What "Forget this school" did: the schools it forgot, and whether access was confirmed cancelled. */
export type ForgetResult = { schoolIds: string[]; revoked: boolean };

export type SignOutOptions = {
  store: PendingRevocationStore;
  policy: RevocationPolicy;
  /** Deletes a school's local copy (and outbox); named by its school key. */
  wipeSchoolData: (schoolId: string) => Promise<void> | void;
  /** Something pending was added, confirmed or given up. */
  onPendingChanged: () => void;
};

/**
 * Sign-out, pending revocations and "Forget this school". Runs on one school are taken one at a
 * time, so a sign-out never races the start-up retry of the same school's earlier sign-out.
 */
export class SignOuts {
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly deps: AuthDeps,
    private readonly options: SignOutOptions,
  ) {}

  /**
   * Signs out of one school:
   * 1. SECURITY: a pending revocation holding both tokens is written (encrypted) before the
   *    local tokens are deleted, so a failure or a crash from here on leaves something to retry;
   * 2. the school's tokens and local data are deleted;
   * 3. the refresh token, then the access token, are revoked, each with retries; what the
   *    school has not confirmed stays pending, what it confirmed or refused for good is dropped.
   * Other schools' pending revocations are retried in the background meanwhile.
   */
  signOut(schoolId: string): Promise<SignOutResult> {
    void this.retryPending({ except: schoolId });
    return this.exclusive(schoolId, () => this.runSignOut(schoolId));
  }

  /** What is still pending, without a token. */
  pending(): Promise<PendingRevocationSummary[]> {
    return this.options.store.summaries();
  }

  /**
   * Tries every pending revocation once more (with its retries), in parallel across schools;
   * answers what is still pending. Safe to call at any time: a school already being worked on
   * is waited for, not tried twice at once.
   */
  async retryPending(filter: { except?: string } = {}): Promise<PendingRevocationSummary[]> {
    const records = await this.options.store.all();
    await Promise.all(
      records
        .filter((record) => record.schoolId !== filter.except)
        .map((record) =>
          this.exclusive(record.schoolId, () => this.runPending(record.schoolId)).catch(
            (error: unknown) =>
              this.deps.log.warn(`a pending revocation failed: ${authLogText(error)}`),
          ),
        ),
    );
    return this.pending();
  }

  /**
   * Forgets everything of a school (by its address): signs out of its sessions, tries its
   * pending revocation one last time and then drops it whatever the answer, and removes its
   * registrations, cached metadata, recent-schools entry and local copy.
   */
  async forget(baseUrl: string, sessions: readonly TokenSet[]): Promise<ForgetResult> {
    const { settings } = this.deps;
    let revoked = true;
    const schoolIds = new Set<string>();
    // Signed out just now, with its retries: that was its last try.
    const justTried = new Set<string>();
    for (const set of sessions.filter((s) => s.baseUrl === baseUrl)) {
      const schoolId = schoolKeyOf(set);
      schoolIds.add(schoolId);
      justTried.add(schoolId);
      revoked &&= (await this.signOut(schoolId)).revoked;
    }
    for (const record of await this.options.store.all()) {
      if (record.baseUrl !== baseUrl) continue;
      const { schoolId } = record;
      schoolIds.add(schoolId);
      await this.exclusive(schoolId, async () => {
        if (!justTried.has(schoolId)) await this.runPending(schoolId);
        if (await this.options.store.get(schoolId)) revoked = false;
        await this.options.store.remove(schoolId);
      });
    }
    for (const id of settings.forgetRegistrationsOf(baseUrl)) schoolIds.add(id);
    settings.forgetMetadata(baseUrl);
    settings.forgetRecentSchool(baseUrl);
    for (const id of schoolIds) await this.options.wipeSchoolData(id);
    this.options.onPendingChanged();
    return { schoolIds: [...schoolIds], revoked };
  }

  private async runSignOut(schoolId: string): Promise<SignOutResult> {
    const { store } = this.options;
    let set: TokenSet | undefined;
    try {
      set = await this.deps.store.load(schoolId);
    } catch {
      // stored_session_unreadable: its tokens cannot be read, so nothing can be revoked.
    }
    let survivesRestart = true;
    if (set) {
      const earlier = await store.get(schoolId);
      const { clientId } = set;
      const tokens = [
        ...(set.refreshToken
          ? [{ hint: 'refresh_token' as const, value: set.refreshToken, clientId }]
          : []),
        { hint: 'access_token' as const, value: set.accessToken, clientId },
        // An earlier sign-out of this school that is still pending keeps its tokens too.
        ...(earlier?.tokens ?? []),
      ];
      survivesRestart = await store.put({
        schoolId,
        issuer: set.issuer,
        baseUrl: set.baseUrl,
        since: earlier?.since ?? this.deps.clock.now(),
        ...(earlier?.endpoint ? { endpoint: earlier.endpoint } : {}),
        tokens: tokens.filter((t, i) => tokens.findIndex((u) => u.value === t.value) === i),
      });
    }
    await this.deps.store.delete(schoolId);
    await this.options.wipeSchoolData(schoolId);
    // Once the session is gone: the renderer re-reads sessions and pending revocations.
    if (set) this.options.onPendingChanged();
    if (!(await store.get(schoolId))) return { revoked: true };
    const outcomes = await this.runPending(schoolId);
    const refused = outcomes.find((o) => o.result === 'refused');
    if (await store.get(schoolId)) {
      const left = (await store.summaries()).find((s) => s.schoolId === schoolId);
      survivesRestart = left?.survivesRestart ?? survivesRestart;
      return {
        revoked: false,
        pending: true,
        error: unconfirmed(survivesRestart ? 'revocation_pending' : 'revocation_pending_memory'),
      };
    }
    if (refused?.result === 'refused')
      return {
        revoked: false,
        pending: false,
        error: unconfirmed('revocation_refused', refused.detail),
      };
    return { revoked: true };
  }

  /** Runs the school's pending record once; keeps what is left, drops it when nothing is. */
  private async runPending(schoolId: string): Promise<TokenOutcome[]> {
    const { store } = this.options;
    const record = await store.get(schoolId);
    if (!record) return [];
    const { outcomes, left } = await revokePending(this.deps, record, this.options.policy);
    if (left) await store.put(left);
    else await store.remove(schoolId);
    if (left?.tokens.length !== record.tokens.length || left.endpoint !== record.endpoint)
      this.options.onPendingChanged();
    return outcomes;
  }

  /** Runs `work` once any earlier work on the same school has settled. */
  private exclusive<T>(schoolId: string, work: () => Promise<T>): Promise<T> {
    const before = this.running.get(schoolId) ?? Promise.resolve();
    const next = before.catch(() => undefined).then(work);
    const tail = next.catch(() => undefined);
    this.running.set(schoolId, tail);
    void tail.then(() => {
      if (this.running.get(schoolId) === tail) this.running.delete(schoolId);
    });
    return next;
  }
}
