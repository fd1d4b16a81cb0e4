import { transliterate } from 'transliteration';
import { SLUG_MAX_LENGTH } from '../../shared/entities';
import type { EntityName } from '../../shared/entity-names';

/** The records that have a slug, and the field their slug is suggested from. */
export const SLUG_SOURCES = { courses: 'name', pages: 'title' } as const satisfies Partial<
  Record<EntityName, string>
>;

/** An entity whose new-record form suggests a slug. */
export type SluggedEntity = keyof typeof SLUG_SOURCES;

/** The word a fallback slug starts with: the kind of record, in the URL's language. */
const FALLBACK_WORD: Record<SluggedEntity, string> = { courses: 'course', pages: 'page' };

/**
 * The slug a new record's name suggests, in the platform's form (lowercase letters, digits,
 * single hyphens). Other scripts are spelled in Latin letters first (transliteration's
 * tables: Chinese characters in pinyin without tones, so 週末瑜伽 suggests `zhou-mo-yu-jia`;
 * Cyrillic, Korean, Japanese kana and others too), and accents and full-width letters fold to ASCII. A
 * name that leaves no letter or digit (emoji, symbols) gets `course-<shortId>`: readable,
 * and unlikely to be taken already. An empty name suggests nothing.
 */
export function suggestedSlug(entity: SluggedEntity, name: string, shortId: string): string {
  if (name.trim() === '') return '';
  const words = transliterate(name)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const longer = slug === '' ? word : `${slug}-${word}`;
    if (longer.length > SLUG_MAX_LENGTH) {
      if (slug === '') slug = word.slice(0, SLUG_MAX_LENGTH);
      break;
    }
    slug = longer;
  }
  return slug === '' ? `${FALLBACK_WORD[entity]}-${shortId}` : slug;
}
