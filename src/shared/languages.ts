/**
 * The languages Schooldesk speaks. Traditional Chinese (Taiwan) first among the owners of the
 * platform's schools; English for everyone else.
 */
export const LANGUAGES = ['zh-TW', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language's own name, as a chooser lists it (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-TW': '繁體中文', en: 'English' };

/**
 * The language to speak for a list of preferred locales (BCP 47, most preferred first), as
 * `navigator.languages` or Electron's `app.getLocale()` give them: any Chinese locale gets
 * Traditional Chinese (the only Chinese there is), anything else English.
 */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const locale of preferred) {
    const primary = locale.toLowerCase().split(/[-_]/)[0];
    if (primary === 'zh') return 'zh-TW';
    if (primary === 'en') return 'en';
  }
  return 'en';
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}
