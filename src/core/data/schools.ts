import type { AuthService } from '../auth/auth-service';
import { authTransport, PlatformClient, type PlatformClientOptions } from '../platform';
import type { SchoolData } from './school-data';

/**
 * The data of each signed-in school behind the SchoolData seam, built on the school's
 * session so every request carries (and refreshes) that school's token. The renderer names a
 * school by its issuer; the API lives at `<baseUrl>/api/v1` of that school.
 */
export class Schools {
  private readonly clients = new Map<string, PlatformClient>();

  constructor(
    private readonly auth: Pick<AuthService, 'request' | 'session'>,
    private readonly options: Partial<Omit<PlatformClientOptions, 'apiBaseUrl' | 'transport'>> = {},
  ) {}

  /** The data of a signed-in school; `not_signed_in` when there is no session for it. */
  async for(issuer: string): Promise<SchoolData> {
    return this.network(issuer);
  }

  /** The school's business-API client, which answers every call from the network. */
  async network(issuer: string): Promise<PlatformClient> {
    const session = await this.auth.session(issuer);
    const key = `${issuer} ${session.baseUrl}`;
    let client = this.clients.get(key);
    if (!client) {
      client = new PlatformClient({
        ...this.options,
        apiBaseUrl: new URL(
          'api/v1/',
          session.baseUrl.endsWith('/') ? session.baseUrl : `${session.baseUrl}/`,
        ),
        // No step-up here: a 403 insufficient_scope goes back to the renderer, which asks the
        // owner and then repeats the action (core must not open a browser unasked).
        transport: authTransport(this.auth, issuer),
      });
      this.clients.set(key, client);
    }
    return client;
  }

  /** Forgets a school's client, e.g. after sign-out. */
  forget(issuer: string): void {
    for (const key of this.clients.keys())
      if (key.startsWith(`${issuer} `)) this.clients.delete(key);
  }
}
