import i18next from 'i18next';
import { SCOPE_AREAS, type ScopeArea } from '../../shared/scope-catalog';
import connect from '../../shared/locales/en/connect.json';

/**
 * The scopes in the owner's words. Whether the English catalog names a scope's area or preset
 * decides whether it has words at all; one the catalog does not know shows as it is.
 */

const isKeyOf = <T extends object>(catalog: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(catalog, key);

/** An area's name in the owner's language ("Courses", "課程"); its id for one no catalog names. */
export function scopeAreaLabel(area: Pick<ScopeArea, 'id'>): string {
  const id = area.id;
  return isKeyOf(connect.scopes.area, id) ? i18next.t(`connect:scopes.area.${id}.label`) : id;
}

/** What an area covers, in plain words in the owner's language ('' for one no catalog names). */
export function scopeAreaDescription(area: Pick<ScopeArea, 'id'>): string {
  const id = area.id;
  return isKeyOf(connect.scopes.area, id) ? i18next.t(`connect:scopes.area.${id}.description`) : '';
}

/** A preset's name in the owner's language ("Everything", "全部"). */
export function presetLabel(preset: { id: string }): string {
  return isKeyOf(connect.scopes.preset, preset.id)
    ? i18next.t(`connect:scopes.preset.${preset.id}`)
    : preset.id;
}

/**
 * A scope in plain words in the owner's language, e.g. "Courses: Read" ("課程：查看"); the
 * sign-in scopes as what they reveal ("Your email address"); unknown scopes as they are.
 */
export function scopeLabel(scope: string): string {
  if (isKeyOf(connect.scopes.signInScope, scope))
    return i18next.t(`connect:scopes.signInScope.${scope}`);
  for (const area of SCOPE_AREAS) {
    if (area.read === scope)
      return i18next.t('connect:scopes.readScope', { area: scopeAreaLabel(area) });
    if (area.write === scope)
      return i18next.t('connect:scopes.writeScope', { area: scopeAreaLabel(area) });
  }
  return scope;
}
