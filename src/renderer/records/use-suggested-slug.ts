import { useEffect, useRef, type FormEvent } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import type { EntityName } from '../../shared/entity-names';
import type { FormValues } from './field-specs';
import { SLUG_SOURCES, suggestedSlug, type SluggedEntity } from './suggested-slug';

const isSlugged = (entity: EntityName): entity is SluggedEntity =>
  Object.hasOwn(SLUG_SOURCES, entity);

/**
 * Fills a new record's slug from its name (a page's title) as the owner types it, until the
 * owner types in the slug field; once the owner empties it, the name's next change fills it.
 * Answers the form's `onInput`, which notices typing in the slug field (a suggestion set here
 * fires no input event, so only the owner's typing counts).
 */
export function useSuggestedSlug(
  entity: EntityName,
  values: Partial<FormValues>,
  setValue: UseFormSetValue<FormValues>,
): (event: FormEvent<HTMLFormElement>) => void {
  const edited = useRef(false);
  // One per form, so the fallback of a name without Latin letters holds still as it is typed.
  const shortId = useRef(crypto.randomUUID().slice(0, 6));
  const name = isSlugged(entity) ? values[SLUG_SOURCES[entity]] : undefined;
  useEffect(() => {
    if (!isSlugged(entity) || edited.current) return;
    const slug = suggestedSlug(entity, typeof name === 'string' ? name : '', shortId.current);
    // A suggestion is valid: checking it clears an error the last one left; an empty one is
    // left unchecked, so no error shows before the owner has typed anything.
    setValue('slug', slug, { shouldValidate: slug !== '' });
  }, [entity, name, setValue]);
  return (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.name === 'slug')
      edited.current = target.value !== '';
  };
}
