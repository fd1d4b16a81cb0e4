import type { Middleware } from 'koa';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { errorUri } from '../api/auth-context';
import { API_SCOPES, OIDC_SCOPES } from './scopes';

/** RFC 9728 protected-resource metadata of the business API; its resource is the base URL. */
export function protectedResourceMetadata(baseUrl: string): Record<string, unknown> {
  return {
    resource: baseUrl,
    authorization_servers: [baseUrl],
    scopes_supported: [...OIDC_SCOPES, ...API_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Demo School API',
    resource_documentation: `${baseUrl}/openapi.json`,
  };
}

/** Fields of the real platform's token response that oidc-provider does not write. */
const SCHOOL = { school_id: 'demo-school', school_subdomain: 'demo' };

/**
 * Post-processing of oidc-provider's responses so they match the platform:
 * - RFC 8414 metadata carries the same facts as OpenID discovery except `userinfo_endpoint`;
 * - token responses carry `created_at`, `school_id` and `school_subdomain` (NOTES.md);
 * - every OAuth error body carries `error_uri` (NOTES.md).
 */
export function platformResponseShaping(baseUrl: string): Middleware {
  return async (koaCtx, next) => {
    await next();
    const ctx = koaCtx as unknown as KoaContextWithOIDC;
    const body: unknown = ctx.body;
    if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return;
    const json = body as Record<string, unknown>;
    if (ctx.path === '/.well-known/oauth-authorization-server') {
      delete json.userinfo_endpoint;
    }
    if (
      ctx.oidc?.route === 'token' &&
      ctx.status === 200 &&
      typeof json.access_token === 'string'
    ) {
      Object.assign(json, { created_at: Math.floor(Date.now() / 1000), ...SCHOOL });
    }
    if (typeof json.error === 'string' && json.error_uri === undefined) {
      json.error_uri = errorUri(baseUrl, json.error);
    }
  };
}
