import i18next from 'i18next';
import { isManagedArea, SCOPE_AREAS, SCOPE_PRESETS, type ScopeArea } from '../shared/scope-catalog';
import { en } from './i18n/resources';

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

const isKeyOf = <T extends object>(catalog: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(catalog, key);

/** An area's name in the owner's language ("Courses", "課程"); its id for one no catalog names. */
export function scopeAreaLabel(area: Pick<ScopeArea, 'id'>): string {
  const id = area.id;
  return isKeyOf(en.connect.scopes.area, id) ? i18next.t(`connect:scopes.area.${id}.label`) : id;
}

/** What an area covers, in plain words in the owner's language ('' for one no catalog names). */
export function scopeAreaDescription(area: Pick<ScopeArea, 'id'>): string {
  const id = area.id;
  return isKeyOf(en.connect.scopes.area, id)
    ? i18next.t(`connect:scopes.area.${id}.description`)
    : '';
}

/** A preset's name in the owner's language ("Everything", "全部"). */
export function presetLabel(preset: { id: string }): string {
  return isKeyOf(en.connect.scopes.preset, preset.id)
    ? i18next.t(`connect:scopes.preset.${preset.id}`)
    : preset.id;
}

/**
 * A scope in plain words in the owner's language, e.g. "Courses: Read" ("課程：查看"); the
 * sign-in scopes as what they reveal ("Your email address"); unknown scopes as they are.
 */
export function scopeLabel(scope: string): string {
  if (isKeyOf(en.connect.scopes.signInScope, scope))
    return i18next.t(`connect:scopes.signInScope.${scope}`);
  for (const area of SCOPE_AREAS) {
    if (area.read === scope)
      return i18next.t('connect:scopes.readScope', { area: scopeAreaLabel(area) });
    if (area.write === scope)
      return i18next.t('connect:scopes.writeScope', { area: scopeAreaLabel(area) });
  }
  return scope;
}
