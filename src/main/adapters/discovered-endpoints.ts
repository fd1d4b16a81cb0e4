import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Core's metadata cache as far as the opener needs it: for each school, the authorization
 * endpoint that passed discovery's checks. Core saves it before it asks to open a browser, so
 * every legitimate authorization URL's endpoint is in here by then.
 */
const cacheSchema = z.object({ metadata: z.record(z.string(), z.unknown()) });
const entrySchema = z.object({
  metadata: z.object({ as: z.object({ authorization_endpoint: z.string() }) }),
});

/**
 * Returns a function listing the authorization endpoints core has discovered, read afresh
 * from core's settings file (`settings.json` in the data folder) on every call, since core
 * writes it while the app runs.
 *
 * It reads the file rather than asking core, because core's Settings has no way to list
 * every cached school; a test writes the file through core's own Settings, so a change of
 * format there fails that test rather than sign-in.
 */
export function discoveredAuthorizationEndpoints(dataDir: string): () => string[] {
  const file = join(dataDir, 'settings.json');
  return () => {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return [];
    }
    const parsed = cacheSchema.safeParse(json);
    if (!parsed.success) return [];
    // One malformed school must not hide the others.
    return Object.values(parsed.data.metadata).flatMap((entry) => {
      const school = entrySchema.safeParse(entry);
      return school.success ? [school.data.metadata.as.authorization_endpoint] : [];
    });
  };
}
