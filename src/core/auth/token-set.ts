import type * as oauth from 'oauth4webapi';
import { z } from 'zod';

/** Everything core keeps about one school's sign-in. Lives only in core/auth. */
export const tokenSetSchema = z.object({
  issuer: z.string(),
  /** The base URL the user typed (the API's resource identifier). */
  baseUrl: z.string(),
  clientId: z.string(),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
  /** What the server granted, which may be fewer scopes than were asked for. */
  scopes: z.array(z.string()),
  /** What the user asked for at sign-in, to show what was declined. */
  requestedScopes: z.array(z.string()).optional(),
  /** Absolute expiry of the access token, ms since the epoch. */
  expiresAt: z.number(),
  /** The account (`sub`) this session belongs to. */
  sub: z.string().optional(),
  /** The signed-in person, from userinfo (kept encrypted with the tokens). */
  profile: z
    .object({
      name: z.string().optional(),
      email: z.string().optional(),
      role: z.string().optional(),
    })
    .optional(),
  /**
   * The school's subdomain on the platform (`school_subdomain` of the token response, which
   * names the school the access token is bound to): the name the app shows for the school.
   */
  schoolSubdomain: z.string().optional(),
  /** The school's own name (its RFC 9728 `resource_name`), when it sends one. */
  schoolName: z.string().optional(),
});

export type TokenSet = z.infer<typeof tokenSetSchema>;

/** Refresh this long before the access token expires, so a request never races expiry. */
export const REFRESH_MARGIN_MS = 60_000;

/**
 * Builds a token set from a token response. Granted scopes come from the response's `scope`;
 * RFC 6749 §5.1 says an absent `scope` means exactly what was requested.
 */
export function tokenSetFrom(
  response: oauth.TokenEndpointResponse,
  context: {
    issuer: string;
    baseUrl: string;
    clientId: string;
    requestedScopes: string[];
    now: number;
    sub?: string;
  },
  previous?: TokenSet,
): TokenSet {
  const scopes =
    response.scope?.split(' ').filter(Boolean) ?? previous?.scopes ?? context.requestedScopes;
  return {
    issuer: context.issuer,
    baseUrl: context.baseUrl,
    clientId: context.clientId,
    accessToken: response.access_token,
    // Servers that do not rotate leave the old refresh token valid and send none.
    refreshToken: response.refresh_token ?? previous?.refreshToken,
    scopes,
    requestedScopes: previous?.requestedScopes ?? context.requestedScopes,
    expiresAt: context.now + (response.expires_in ?? 3600) * 1000,
    sub: context.sub ?? previous?.sub,
    ...(previous?.profile ? { profile: previous.profile } : {}),
    ...(previous?.schoolName ? { schoolName: previous.schoolName } : {}),
    ...schoolSubdomainOf(response, previous),
  };
}

/**
 * The platform's `school_subdomain` of a token response (NOTES.md), or the one kept from before
 * when a refresh leaves it out. Only a plain short name is kept: it is shown, never trusted.
 */
function schoolSubdomainOf(
  response: oauth.TokenEndpointResponse,
  previous: TokenSet | undefined,
): { schoolSubdomain?: string } {
  const sent = response['school_subdomain'];
  if (typeof sent === 'string' && /^[\w.-]{1,63}$/.test(sent)) return { schoolSubdomain: sent };
  return previous?.schoolSubdomain ? { schoolSubdomain: previous.schoolSubdomain } : {};
}

/** True when the access token should be refreshed before use. */
export function needsRefresh(set: TokenSet, now: number): boolean {
  return set.expiresAt - REFRESH_MARGIN_MS <= now;
}

/**
 * `set` with the scopes the school refused at an earlier sign-in of the same account still
 * counted as asked for (so Account → "Not granted" keeps listing them) until one is granted:
 * "Grant access" signs in again asking only for what is granted plus what it wants now, and
 * would otherwise make every other refusal disappear from view.
 */
export function withEarlierRefusals(set: TokenSet, previous: TokenSet | undefined): TokenSet {
  if (!previous || previous.sub !== set.sub) return set;
  const refused = (previous.requestedScopes ?? []).filter(
    (scope) => !previous.scopes.includes(scope) && !set.scopes.includes(scope),
  );
  if (refused.length === 0) return set;
  return { ...set, requestedScopes: [...new Set([...(set.requestedScopes ?? []), ...refused])] };
}
