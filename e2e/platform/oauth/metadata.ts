import type { Middleware } from 'koa';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { errorUri } from '../http/auth-context';
import type { SchoolDirectory, SchoolInfo } from '../schools';
import { API_SCOPES, OIDC_SCOPES } from './scopes';

/**
 * RFC 9728 protected-resource metadata of one school's business API: its resource identifier
 * and the authorization server (`issuer`) every school of the stand-in shares.
 */
export function protectedResourceMetadata(
  school: SchoolInfo,
  issuer: string,
): Record<string, unknown> {
  return {
    resource: school.resource,
    authorization_servers: [issuer],
    scopes_supported: [...OIDC_SCOPES, ...API_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: school.name,
    resource_documentation: `${school.resource}/openapi.json`,
  };
}

/**
 * Post-processing of oidc-provider's responses so they match the platform:
 * - token responses carry `created_at`, `school_id` and `school_subdomain` (NOTES.md), of the
 *   school the access token is bound to;
 * - every OAuth error body carries `error_uri` (NOTES.md).
 *
 * RFC 8414 metadata is left whole: service-access.md calls it the document that lists every
 * endpoint, `userinfo_endpoint` included.
 */
export function platformResponseShaping(baseUrl: string, schools: SchoolDirectory): Middleware {
  return async (koaCtx, next) => {
    await next();
    const ctx = koaCtx as unknown as KoaContextWithOIDC;
    const body: unknown = ctx.body;
    if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return;
    const json = body as Record<string, unknown>;
    if (
      ctx.oidc?.route === 'token' &&
      ctx.status === 200 &&
      typeof json.access_token === 'string'
    ) {
      const audience = [ctx.oidc.entities.AccessToken?.aud].flat()[0];
      const school = schools.byResource(audience) ?? schools.first;
      Object.assign(json, {
        created_at: Math.floor(Date.now() / 1000),
        school_id: school.schoolId,
        school_subdomain: school.subdomain,
      });
    }
    if (typeof json.error === 'string' && json.error_uri === undefined) {
      json.error_uri = errorUri(baseUrl, json.error);
    }
  };
}
