import Provider, {
  errors,
  type ClientAuthMethod,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { PlatformDatabase } from '../db/database';
import type { SchoolDirectory } from '../schools';
import type { PlatformOptions } from '../types';
import { sqlAdapterFactory } from './adapter';
import { CLAIMS_BY_SCOPE, claimsOf, findDemoAccount } from './accounts';
import { platformInteractionPolicy } from './consent';
import { loadOrCreateSecrets } from './keys';
import { ALL_SCOPES, isKnownScope } from './scopes';
import { acceptAnyLoopbackPort } from './loopback-ports';
import { checkLoopbackRedirectUris } from './redirect-uris';
import { renderErrorPage } from './views';

/** The paths of service-access.md. Nothing else in the stand-in hard-codes them. */
export const OAUTH_PATHS = {
  authorization: '/oauth/authorize',
  token: '/api/oauth/token',
  userinfo: '/api/oauth/userinfo',
  registration: '/api/oauth/register',
  revocation: '/api/oauth/revoke',
  introspection: '/api/oauth/introspect',
  jwks: '/api/oauth/jwks',
} as const;

const DAY = 24 * 60 * 60;

/**
 * How clients authenticate at the token, introspection and revocation endpoints alike:
 * oidc-provider applies `clientAuthMethods` to all three, each client by its registered
 * `token_endpoint_auth_method` (the app, a public native client: `none`). Basic is refused in
 * front of them (client-auth.ts).
 */
const CLIENT_AUTH_METHODS: readonly ClientAuthMethod[] = ['none', 'client_secret_post'];

/**
 * Builds the oidc-provider instance of the stand-in: issuer = base URL, the paths of
 * service-access.md, PKCE S256 always, loopback-only registration (any loopback port at
 * authorization), `redirect_uri` required at the token endpoint, rotating refresh tokens, and
 * every access token bound to one school's API (RFC 8707): the first school (the base URL) by
 * default, or the school `resource` names among those `schools` serves.
 */
export function createOAuthProvider(
  baseUrl: string,
  db: PlatformDatabase,
  options: PlatformOptions,
  schools: SchoolDirectory,
): Provider {
  const secrets = loadOrCreateSecrets(db);

  const configuration: Configuration = {
    adapter: sqlAdapterFactory(db),
    jwks: secrets.jwks,
    cookies: { keys: secrets.cookieKeys },
    scopes: [...ALL_SCOPES],
    claims: Object.fromEntries(
      Object.entries(CLAIMS_BY_SCOPE).map(([scope, claims]) => [scope, [...claims]]),
    ),
    responseTypes: ['code'],
    clientAuthMethods: [...CLIENT_AUTH_METHODS],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'RS256',
    },
    routes: {
      authorization: OAUTH_PATHS.authorization,
      token: OAUTH_PATHS.token,
      // The stand-in serves userinfo itself (see userinfo.ts); oidc-provider's own would refuse
      // every token bound to the API, and all of ours are.
      userinfo: '/api/oauth/userinfo-unused',
      registration: OAUTH_PATHS.registration,
      revocation: OAUTH_PATHS.revocation,
      introspection: OAUTH_PATHS.introspection,
      jwks: OAUTH_PATHS.jwks,
    },
    discovery: {
      userinfo_endpoint: `${baseUrl}${OAUTH_PATHS.userinfo}`,
      client_id_metadata_document_supported: options.clientIdMetadataDocuments,
      service_documentation: `${baseUrl}/auth.md`,
      // oidc-provider lists the token endpoint's methods only; RFC 8414 §2 reads an absent list
      // as client_secret_basic, which these endpoints refuse.
      introspection_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
      revocation_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    },
    pkce: { required: () => true },
    // service-access.md: redirect_uri is required in the authorization and the token request,
    // even for a client with a single registered redirect URI.
    allowOmittingSingleRegisteredRedirectUri: false,
    features: {
      devInteractions: { enabled: false },
      // Not part of the platform's interface, so not offered.
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      registration: { enabled: true, initialAccessToken: false },
      revocation: {
        enabled: true,
        // RFC 7009 and NOTES.md: revocation always answers 200, so a token of another client
        // is silently left alone instead of raising an error.
        allowedPolicy: (_ctx, client, token) => Promise.resolve(token.clientId === client.clientId),
      },
      introspection: {
        enabled: true,
        // SECURITY: a client may introspect only its own tokens.
        allowedPolicy: (_ctx, client, token) => Promise.resolve(token.clientId === client.clientId),
      },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => Promise.resolve(schools.first.resource),
        useGrantedResource: () => Promise.resolve(true),
        // SECURITY: a resource no school of this server is (another server, a typo) is refused
        // with invalid_target, at authorization and at the token endpoint alike. A token's
        // audience is the school's own identifier, however the request spelled it.
        getResourceServerInfo: (_ctx, resource) => {
          const school = schools.byResource(resource);
          if (!school) throw new errors.InvalidTarget();
          return Promise.resolve({
            scope: ALL_SCOPES.join(' '),
            audience: school.resource,
            accessTokenTTL: options.accessTokenTtl,
            accessTokenFormat: 'opaque',
          });
        },
      },
      ...(options.clientIdMetadataDocuments
        ? { clientIdMetadataDocument: { enabled: true, ack: 'draft-02' } }
        : {}),
    },
    extraParams: {
      // oidc-provider ignores scopes it does not know; the platform refuses them.
      scope(_ctx: KoaContextWithOIDC, value: string | undefined) {
        const unknown = (value ?? '').split(' ').filter((s) => s && !isKnownScope(s));
        if (unknown.length) {
          throw new errors.InvalidScope(`unknown scope: ${unknown.join(' ')}`, unknown.join(' '));
        }
      },
    },
    extraClientMetadata: {
      properties: ['software_id', 'software_version'],
      // Runs on every registration (and load) of a client: the platform accepts only
      // http://127.0.0.1:<port>/<path> redirect URIs.
      validator(_ctx, key, _value, metadata) {
        if (key === 'software_id') checkLoopbackRedirectUris(metadata.redirect_uris);
      },
    },
    ttl: {
      AccessToken: options.accessTokenTtl,
      AuthorizationCode: options.authorizationCodeTtl,
      IdToken: 3600,
      RefreshToken: 30 * DAY,
      Grant: 30 * DAY,
      Session: 14 * DAY,
      Interaction: 3600,
    },
    rotateRefreshToken: true,
    issueRefreshToken: (_ctx, client) => Promise.resolve(client.grantTypeAllowed('refresh_token')),
    expiresWithSession: () => Promise.resolve(false),
    clientBasedCORS: () => false,
    findAccount(_ctx, sub) {
      const account = findDemoAccount(sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({ ...claimsOf(account), sub: account.id }),
      };
    },
    interactions: {
      policy: platformInteractionPolicy(),
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage(out);
      return Promise.resolve();
    },
  };

  const provider = new Provider(baseUrl, configuration);
  acceptAnyLoopbackPort(provider);
  return provider;
}
