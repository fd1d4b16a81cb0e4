import { randomUUID } from 'node:crypto';
import type { AppEvent } from '../shared/contract';
import type { AuthService, SessionSummary } from './auth/auth-service';
import type { SignInProgress } from './auth/deps';
import { normaliseBaseUrl } from './auth/discovery';
import { toAuthError } from './auth/errors';

/**
 * Sign-ins under way, each with an id the renderer can cancel by. The request that starts a
 * sign-in answers at once with that id, before the school is even found, so Cancel is there
 * from the first step. Progress and the outcome reach the renderer as events; the
 * authorization URL comes with the `waiting_for_browser` step, for the UI to show the link.
 */
export class SignInAttempts {
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly auth: AuthService,
    private readonly emit: (event: AppEvent) => void,
  ) {}

  /** Routes AuthService progress to the attempt it belongs to. */
  progress(attemptId: string): (event: SignInProgress) => void {
    return (event) =>
      this.emit({
        type: 'signIn:progress',
        attemptId,
        step: event.step,
        ...('authorizationUrl' in event ? { authorizationUrl: event.authorizationUrl } : {}),
      });
  }

  /**
   * Starts a sign-in and answers with its id before discovery: a school that never answers
   * can be cancelled at once. Only an address that cannot be a school is refused here;
   * every later failure arrives as `signIn:failed`.
   */
  start(school: string, scopes: string[]): Promise<{ attemptId: string }> {
    try {
      normaliseBaseUrl(school);
    } catch (error) {
      return Promise.reject(toAuthError(error, 'invalid_school_address'));
    }
    const attemptId = randomUUID();
    const controller = new AbortController();
    this.running.set(attemptId, controller);
    void this.auth
      .beginSignIn(school, scopes, controller.signal, this.progress(attemptId))
      .then(({ done }) => done)
      .then(
        (session) => this.finished(attemptId, session),
        (error: unknown) => this.failed(attemptId, error),
      );
    return Promise.resolve({ attemptId });
  }

  /**
   * Cancels the attempt: discovery, registration and the token exchange are aborted, and a
   * cancel that comes before the tokens are saved leaves no session. False when no such
   * attempt is running.
   */
  cancel(attemptId: string): boolean {
    const controller = this.running.get(attemptId);
    controller?.abort();
    return controller !== undefined;
  }

  private async finished(attemptId: string, session: SessionSummary): Promise<void> {
    this.running.delete(attemptId);
    this.emit({ type: 'signIn:finished', attemptId, session });
    this.emit({ type: 'session:changed', sessions: await this.auth.signedIn() });
  }

  private failed(attemptId: string, error: unknown): void {
    this.running.delete(attemptId);
    const { code } = toAuthError(error, 'authorization_failed');
    this.emit({ type: 'signIn:failed', attemptId, error: { code } });
  }
}
