import * as oauth from 'oauth4webapi';
import type { AuthDeps } from './deps';
import { AuthError, toAuthError } from './errors';
import { schoolMetadata } from './metadata-cache';
import { refreshTokenRequest } from './refresh-request';
import { schoolKeyOf } from './school-key';
import { needsRefresh, tokenSetFrom, type TokenSet } from './token-set';

/**
 * Keeps signed-in schools usable: access tokens refreshed before they expire and once after a
 * 401, refreshes single-flight per school, rotated refresh tokens saved before use.
 */
export class Sessions {
  private readonly refreshing = new Map<string, Promise<TokenSet>>();

  constructor(private readonly deps: AuthDeps) {}

  /** The school's token set, or `not_signed_in`. */
  async current(school: string): Promise<TokenSet> {
    const set = await this.deps.store.load(school);
    if (!set) throw new AuthError('not_signed_in');
    this.deps.mask.add(set.accessToken, set.refreshToken);
    return set;
  }

  /** A token set whose access token is not about to expire (refreshing if needed). */
  async fresh(school: string): Promise<TokenSet> {
    const set = await this.current(school);
    return needsRefresh(set, this.deps.clock.now()) ? this.refresh(school, set.accessToken) : set;
  }

  /**
   * Refreshes the school's tokens. Concurrent callers share one request; a caller whose
   * `staleAccessToken` was already replaced gets the newer set without another refresh.
   */
  refresh(school: string, staleAccessToken?: string): Promise<TokenSet> {
    const running = this.refreshing.get(school);
    if (running) return running;
    const work = (async () => {
      const set = await this.current(school);
      if (staleAccessToken !== undefined && set.accessToken !== staleAccessToken) return set;
      return this.runRefresh(set);
    })().finally(() => this.refreshing.delete(school));
    this.refreshing.set(school, work);
    return work;
  }

  private async runRefresh(set: TokenSet): Promise<TokenSet> {
    if (!set.refreshToken) {
      await this.deps.store.delete(schoolKeyOf(set));
      throw new AuthError('invalid_grant', { detail: 'no refresh token' });
    }
    const school = await schoolMetadata(set.baseUrl, this.deps);
    const client: oauth.Client = { client_id: set.clientId, token_endpoint_auth_method: 'none' };
    let result: oauth.TokenEndpointResponse;
    try {
      // A 5xx or a failed connection is retried with backoff before the caller sees it.
      const response = await refreshTokenRequest(this.deps.fetch, school, client, set.refreshToken);
      result = await oauth.processRefreshTokenResponse(school.as, client, response);
    } catch (error) {
      const failure = toAuthError(error, 'token_failed');
      // The grant is gone: only a new sign-in helps. A network error keeps the tokens.
      if (failure.code === 'invalid_grant' || failure.code === 'invalid_client') {
        await this.deps.store.delete(schoolKeyOf(set));
        if (failure.code === 'invalid_client')
          this.deps.settings.forgetRegistration(schoolKeyOf(set));
      }
      throw failure;
    }
    this.deps.mask.add(result.access_token, result.refresh_token, result.id_token);
    const next = tokenSetFrom(
      result,
      {
        issuer: set.issuer,
        baseUrl: set.baseUrl,
        clientId: set.clientId,
        requestedScopes: set.scopes,
        now: this.deps.clock.now(),
      },
      set,
    );
    // SECURITY: a sign-out while this refresh was out deleted the session; saving now would
    // bring it back. Nothing is awaited between this check and the start of the save.
    if (!this.deps.store.holds(schoolKeyOf(set))) throw new AuthError('not_signed_in');
    // SECURITY: the rotated refresh token is on disk before the new access token is used, so
    // a crash cannot leave us holding only a refresh token the server has already retired.
    await this.deps.store.save(next);
    return next;
  }
}
