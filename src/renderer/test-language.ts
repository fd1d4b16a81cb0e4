import i18next from 'i18next';
import ICU from 'i18next-icu';
import type { Language } from '../shared/languages';
import { setFormatLocale } from './words/format';
import { i18nOptions } from './i18n/resources';

/**
 * For unit tests of the renderer's words, in plain Node (no document, no React): starts
 * i18next once with the real catalogs and ICU, as i18n.ts does in the app, and switches it
 * and the formats to `language`. Call it in `beforeEach`/`beforeAll`, or at a test's start.
 */
export async function speak(language: Language): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(ICU).init(i18nOptions(language));
  }
  await i18next.changeLanguage(language);
  setFormatLocale(language, language === 'en' ? ['en-US'] : [language]);
}
