import { randomUUID } from 'node:crypto';
import type { AppEvent } from '../shared/contract';
import type { AuthService, SessionSummary } from './auth/auth-service';
import type { SignInProgress } from './auth/deps';
import { toAuthError } from './auth/errors';

/**
 * Sign-ins under way, each with an id the renderer can cancel by. Progress and the outcome
 * reach the renderer as events; the request that starts a sign-in answers at once with the
 * authorization URL, so the UI can show the link while the browser opens.
 */
export class SignInAttempts {
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly auth: AuthService,
    private readonly emit: (event: AppEvent) => void,
  ) {}

  /** Routes AuthService progress to the attempt it belongs to. */
  progress(attemptId: string): (event: SignInProgress) => void {
    return (event) => this.emit({ type: 'signIn:progress', attemptId, step: event.step });
  }

  async start(
    school: string,
    scopes: string[],
  ): Promise<{ attemptId: string; authorizationUrl: string }> {
    const attemptId = randomUUID();
    const controller = new AbortController();
    this.running.set(attemptId, controller);
    try {
      const { authorizationUrl, done } = await this.auth.beginSignIn(
        school,
        scopes,
        controller.signal,
        this.progress(attemptId),
      );
      void done.then(
        (session) => this.finished(attemptId, session),
        (error: unknown) => this.failed(attemptId, error),
      );
      return { attemptId, authorizationUrl };
    } catch (error) {
      this.running.delete(attemptId);
      throw error;
    }
  }

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
    const { code, message } = toAuthError(error, 'authorization_failed');
    this.emit({ type: 'signIn:failed', attemptId, error: { code, message } });
  }
}
