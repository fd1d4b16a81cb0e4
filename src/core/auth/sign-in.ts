import * as oauth from 'oauth4webapi';
import type { AuthErrorCode } from '../../shared/auth-errors';
import type { Fetch } from '../adapters';
import type { AuthDeps } from './deps';
import type { SchoolMetadata } from './discovery';
import { AuthError, toAuthError } from './errors';
import { requestOptions } from './http-policy';
import { LoopbackListener, type CallbackRequest } from './loopback-listener';
import { schoolMetadata } from './metadata-cache';
import { clientIdentity, registeredPort } from './client-identity';
import { schoolKey } from './school-key';
import { checkAudience, checkSameAccount } from './token-checks';
import { tokenSetFrom, withEarlierRefusals, type TokenSet } from './token-set';

export type SignInRequest = {
  /** The school's base URL as the user typed it. */
  school: string;
  /** The scopes the user chose; `openid` is always added. */
  scopes: string[];
  signal?: AbortSignal;
};

/** A sign-in under way: the URL to show as a link, and the session once it completes. */
export type SignInAttempt = {
  authorizationUrl: string;
  done: Promise<TokenSet>;
};

/**
 * Starts a sign-in: discovery (or cached metadata), client identity, a loopback listener, and
 * the authorization request (PKCE S256, fresh state, the chosen scopes plus `openid`, and
 * `resource` = the API) opened in the system browser. Resolves as soon as the browser is
 * asked to open, so the UI can show the link; `done` settles when the callback is handled.
 */
export async function beginSignIn(deps: AuthDeps, request: SignInRequest): Promise<SignInAttempt> {
  deps.onProgress({ step: 'discovering', baseUrl: request.school });
  // The signal reaches discovery's fetches, so a cancel ends a wait on a silent school at once.
  const school = await schoolMetadata(request.school, {
    ...deps,
    maxAgeMs: deps.metadataMaxAgeMs,
    signal: request.signal,
  }).catch((error: unknown) => {
    throw cancelledOr(error, request.signal, 'discovery_failed');
  });
  const { as } = school;
  const key = schoolKey(as.issuer, school.baseUrl);
  const state = oauth.generateRandomState();
  const verifier = oauth.generateRandomCodeVerifier();
  const listener = await LoopbackListener.start({
    expectedState: state,
    preferredPort: registeredPort(deps.settings, key),
    timeoutMs: deps.listenerTimeoutMs,
    signal: request.signal,
  });
  try {
    if (!deps.settings.registration(key))
      deps.onProgress({ step: 'registering', issuer: as.issuer });
    // Registration takes no signal of its own; the attempt's cancel reaches it through fetch.
    const { client } = await clientIdentity(school, listener.redirectUri, {
      ...deps,
      fetch: cancellable(deps.fetch, request.signal),
    });
    const scopes = [...new Set(['openid', ...request.scopes])];
    const url = authorizationUrl(school, client, {
      redirectUri: listener.redirectUri,
      scopes,
      state,
      challenge: await oauth.calculatePKCECodeChallenge(verifier),
    });
    deps.mask.add(state, verifier);
    deps.onProgress({ step: 'waiting_for_browser', authorizationUrl: url });
    // A sign-in cancelled from the progress handler must not still open a browser tab.
    if (!request.signal?.aborted) {
      // The page says the browser opened only once the opener said so.
      deps.browser.open(url).then(
        () => deps.onProgress({ step: 'browser_opened', authorizationUrl: url }),
        () => deps.onProgress({ step: 'browser_failed', authorizationUrl: url }),
      );
    }
    const done = completeSignIn(deps, {
      school,
      client,
      listener,
      state,
      verifier,
      scopes,
      signal: request.signal,
    });
    return { authorizationUrl: url, done };
  } catch (error) {
    await listener.close();
    throw cancelledOr(error, request.signal, 'authorization_failed');
  }
}

/** What a step failed with, or `cancelled` when the attempt's own signal ended it. */
function cancelledOr(
  error: unknown,
  signal: AbortSignal | undefined,
  fallback: AuthErrorCode,
): AuthError {
  return signal?.aborted
    ? new AuthError('cancelled', { cause: error })
    : toAuthError(error, fallback);
}

/** `fetchFn` with the attempt's cancel added to every request's own signal. */
function cancellable(fetchFn: Fetch, signal: AbortSignal | undefined): Fetch {
  if (!signal) return fetchFn;
  return (input, init = {}) =>
    fetchFn(input, {
      ...init,
      // AbortSignal.any keeps each combined signal alive as long as its sources
      // (nodejs/node#54614); here both last one sign-in at most, so nothing piles up.
      signal: init.signal ? AbortSignal.any([init.signal, signal]) : signal,
    });
}

function authorizationUrl(
  school: SchoolMetadata,
  client: oauth.Client,
  p: { redirectUri: string; scopes: string[]; state: string; challenge: string },
): string {
  const url = new URL(school.as.authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', p.redirectUri);
  url.searchParams.set('scope', p.scopes.join(' '));
  url.searchParams.set('code_challenge', p.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', p.state);
  url.searchParams.set('resource', school.resource);
  return url.href;
}

type Pending = {
  school: SchoolMetadata;
  client: oauth.Client;
  listener: LoopbackListener;
  state: string;
  verifier: string;
  scopes: string[];
  /** The attempt's cancel: it aborts the exchange, and nothing is saved once it fired. */
  signal: AbortSignal | undefined;
};

async function completeSignIn(deps: AuthDeps, pending: Pending): Promise<TokenSet> {
  const { school, client, listener } = pending;
  let callback: CallbackRequest | undefined;
  try {
    callback = await listener.wait();
    const params = checkCallback(school.as, client, callback.url, pending.state);
    deps.onProgress({ step: 'exchanging' });
    const set = await exchange(deps, pending, params);
    callback.respond({ ok: true });
    deps.onProgress({ step: 'signed_in', issuer: school.as.issuer });
    return set;
  } catch (error) {
    const failure = cancelledOr(error, pending.signal, 'token_failed');
    if (failure.code === 'invalid_client')
      deps.settings.forgetRegistration(schoolKey(school.as.issuer, school.baseUrl));
    // Only our own sentence (from the code): the page repeats nothing the query string carried.
    callback?.respond({ ok: false, code: failure.code });
    deps.log.warn(`sign-in to ${school.as.issuer} failed: ${failure.code}`);
    throw failure;
  } finally {
    await listener.close();
  }
}

/**
 * SECURITY: `iss` (RFC 9207) and `state` are checked by oauth4webapi before anything else;
 * an error callback's description is trusted only after that.
 */
export function checkCallback(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  url: URL,
  state: string,
): URLSearchParams {
  try {
    return oauth.validateAuthResponse(as, client, url, state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      const code = error.error === 'access_denied' ? 'access_denied' : 'authorization_failed';
      throw new AuthError(code, { cause: error, detail: error.error_description ?? error.error });
    }
    if (error instanceof oauth.OperationProcessingError) {
      const expected = (error.cause as { expected?: unknown } | undefined)?.expected;
      const issMissing =
        as.authorization_response_iss_parameter_supported === true && !url.searchParams.has('iss');
      const aboutIssuer = expected === as.issuer || issMissing;
      throw new AuthError(aboutIssuer ? 'iss_mismatch' : 'state_mismatch', { cause: error });
    }
    throw error;
  }
}

async function exchange(
  deps: AuthDeps,
  pending: Pending,
  params: URLSearchParams,
): Promise<TokenSet> {
  const { school, client, listener, verifier, scopes, signal } = pending;
  const { as } = school;
  const tokenUrl = new URL(as.token_endpoint!);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    listener.redirectUri,
    verifier,
    {
      ...requestOptions(deps.fetch, tokenUrl, signal),
      additionalParameters: { resource: school.resource },
    },
  );
  const result = await oauth.processAuthorizationCodeResponse(as, client, response);
  deps.mask.add(result.access_token, result.refresh_token, result.id_token);
  // Its introspection takes no signal of its own; the cancel reaches it through fetch.
  await checkAudience(
    { ...deps, fetch: cancellable(deps.fetch, signal) },
    school,
    client,
    result.access_token,
  );
  const idClaims = oauth.getValidatedIdTokenClaims(result);
  const sub = idClaims?.sub;
  const set = tokenSetFrom(result, {
    issuer: as.issuer,
    baseUrl: school.baseUrl,
    clientId: client.client_id,
    requestedScopes: scopes,
    now: deps.clock.now(),
    ...(sub ? { sub } : {}),
  });
  const profiled = await withProfile(
    deps,
    school,
    client,
    {
      ...set,
      profile: profileFrom(idClaims ?? {}),
      ...(school.resourceName ? { schoolName: school.resourceName } : {}),
    },
    signal,
  );
  const previous = await deps.store
    .load(schoolKey(as.issuer, school.baseUrl))
    .catch(() => undefined);
  checkSameAccount(previous, profiled);
  const kept = withEarlierRefusals(profiled, previous);
  // SECURITY: a cancelled sign-in keeps no tokens. The check and the start of the save share
  // one turn of the event loop (keep nothing awaited between them), so a cancel lands either
  // before it (nothing is kept) or once the save has begun, too late: the sign-in completes.
  if (signal?.aborted) throw new AuthError('cancelled');
  await deps.store.save(kept);
  return kept;
}

/** The profile fields of an ID token or userinfo answer. */
function profileFrom(claims: Record<string, unknown>): NonNullable<TokenSet['profile']> {
  const profile: NonNullable<TokenSet['profile']> = {};
  for (const key of ['name', 'email', 'role'] as const) {
    if (typeof claims[key] === 'string') profile[key] = claims[key];
  }
  return profile;
}

/**
 * Fetches the profile (userinfo) and checks that its `sub` is the one the ID token named;
 * a mismatch means the answer is about someone else and the sign-in is refused. A server
 * whose userinfo will not take an API-bound token (oidc-provider refuses any token with an
 * audience) leaves the profile from the ID token: the sign-in itself is sound.
 */
export async function withProfile(
  deps: AuthDeps,
  school: SchoolMetadata,
  client: oauth.Client,
  set: TokenSet,
  signal?: AbortSignal,
): Promise<TokenSet> {
  const { as } = school;
  if (!as.userinfo_endpoint || !set.scopes.includes('openid')) return set;
  let response: Response;
  try {
    response = await oauth.userInfoRequest(
      as,
      client,
      set.accessToken,
      requestOptions(deps.fetch, new URL(as.userinfo_endpoint), signal),
    );
  } catch (error) {
    throw toAuthError(error, 'token_failed');
  }
  if (!response.ok) {
    deps.log.warn(
      `userinfo at ${as.issuer} answered ${response.status}; using the ID token's profile`,
    );
    return set;
  }
  try {
    const info = await oauth.processUserInfoResponse(
      as,
      client,
      set.sub ?? oauth.skipSubjectCheck,
      response,
    );
    return { ...set, sub: info.sub, profile: { ...set.profile, ...profileFrom(info) } };
  } catch (error) {
    if (
      error instanceof oauth.OperationProcessingError &&
      error.code === oauth.JSON_ATTRIBUTE_COMPARISON
    ) {
      throw new AuthError('subject_mismatch', { cause: error });
    }
    throw toAuthError(error, 'token_failed');
  }
}
