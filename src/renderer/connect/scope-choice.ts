import {
  isManagedArea,
  SCOPE_AREAS,
  SCOPE_PRESETS,
  type ScopeArea,
} from '../../shared/scope-catalog';

/**
 * The scope chooser's rules (scope-chooser.tsx), apart from its words (words/scope-words.ts):
 * which areas it offers in which group, and what checking a box does to the list.
 */

/** Which half of an area a checkbox stands for. */
export type Access = 'read' | 'write';

/**
 * Turns one area's Read or Write on or off in a scope list, keeping catalog order so the
 * request (and what the user sees at consent) is stable.
 * Write implies Read on the platform, so checking Write also checks Read, and unchecking
 * Read also unchecks Write: the chooser never shows a combination the school would refuse.
 */
export function toggleScope(
  scopes: readonly string[],
  area: ScopeArea,
  access: Access,
  on: boolean,
): string[] {
  const next = new Set(scopes);
  const scope = area[access];
  if (!scope) return [...scopes];
  if (on) {
    next.add(scope);
    if (access === 'write' && area.read) next.add(area.read);
  } else {
    next.delete(scope);
    if (access === 'read' && area.write) next.delete(area.write);
  }
  return inCatalogOrder(next);
}

/** The scopes in the order the catalog lists them; unknown ones are dropped. */
export function inCatalogOrder(scopes: Iterable<string>): string[] {
  const chosen = new Set(scopes);
  return SCOPE_AREAS.flatMap((a) => [a.read, a.write]).filter(
    (s): s is string => !!s && chosen.has(s),
  );
}

/** The preset whose scopes are exactly the chosen ones, if any (shown as pressed). */
export function matchingPreset(scopes: readonly string[]): string | undefined {
  const chosen = new Set(scopes);
  return SCOPE_PRESETS.find(
    (p) => p.scopes.length === chosen.size && p.scopes.every((s) => chosen.has(s)),
  )?.id;
}

/** The chooser's two groups: the areas Schooldesk manages first, then the platform's others. */
export const MANAGED_SCOPE_AREAS: readonly ScopeArea[] = SCOPE_AREAS.filter(isManagedArea);
export const OTHER_SCOPE_AREAS: readonly ScopeArea[] = SCOPE_AREAS.filter((a) => !isManagedArea(a));
