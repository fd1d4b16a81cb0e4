import { z } from 'zod';
import type * as oauth from 'oauth4webapi';
import type { Clock, Fetch } from '../adapters';
import type { Settings } from '../store/settings';
import { discoverSchool, normaliseBaseUrl, type SchoolMetadata } from './discovery';

/** How long discovered metadata is reused before it is fetched again. */
export const METADATA_MAX_AGE_MS = 24 * 60 * 60_000;

const cachedSchema = z.object({
  baseUrl: z.string(),
  resource: z.string(),
  resourceName: z.string().optional(),
  as: z.looseObject({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
  }),
});

/**
 * The school's metadata, from the settings cache while it is fresh, else discovered anew.
 * Only metadata that passed discovery's checks is ever cached.
 */
export async function schoolMetadata(
  typed: string,
  deps: { fetch: Fetch; clock: Clock; settings: Settings; maxAgeMs?: number; signal?: AbortSignal },
): Promise<SchoolMetadata> {
  const baseUrl = normaliseBaseUrl(typed).href.replace(/\/$/, '');
  const cached = deps.settings.cachedMetadata(baseUrl);
  if (cached && deps.clock.now() - cached.fetchedAt < (deps.maxAgeMs ?? METADATA_MAX_AGE_MS)) {
    const parsed = cachedSchema.safeParse(cached.metadata);
    if (parsed.success) return { ...parsed.data, as: parsed.data.as as oauth.AuthorizationServer };
  }
  const fresh = await discoverSchool(baseUrl, deps.fetch, deps.signal);
  deps.settings.saveMetadata(baseUrl, fresh, deps.clock.now());
  return fresh;
}
