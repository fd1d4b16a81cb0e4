import { ownerFetch } from './workspace-flow';

/**
 * Writes to the stand-in's API as the owner (see `ownerFetch`), so a spec can set up its own
 * records: the worker's stand-in is shared by every spec it runs, and a spec must not depend
 * on what another one renamed or deleted.
 */
export async function writeApi<T = unknown>(
  platformUrl: string,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await ownerFetch(
    platformUrl,
    path,
    ['courses:read', 'courses:write', 'curriculum:write', 'students:read', 'students:write'],
    {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
  );
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** A course of the spec's own, with a unique name and slug that include `label`. */
export async function createCourse(
  platformUrl: string,
  label: string,
  fields: Record<string, unknown> = {},
): Promise<{
  id: string;
  name: string;
  slug: string;
  description: string | null;
  featured: boolean;
}> {
  const unique = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  return writeApi(platformUrl, 'POST', 'courses', {
    name: `${label} ${unique.slice(label.length + 1)}`,
    slug: unique.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    ...fields,
  });
}
