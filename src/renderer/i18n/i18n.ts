import i18next from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { pickLanguage, type Language } from '../../shared/languages';
import { setFormatLocale } from '../words/format';
import { type en, i18nOptions } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
  }
}

/** The language this computer prefers (the browser's or Electron's, which follows the OS). */
export function systemLanguage(): Language {
  return pickLanguage(navigator.languages.length > 0 ? navigator.languages : [navigator.language]);
}

/**
 * Starts i18next for the renderer: ICU messages (plurals and selects in the catalogs
 * themselves), every namespace bundled (no loading step: the app never shows a key), the
 * page's `lang` and the date and number formats kept in step with the language.
 */
export function startI18n(language: Language = systemLanguage()): typeof i18next {
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    setFormatLocale(lng);
  });
  void i18next.use(ICU).use(initReactI18next).init(i18nOptions(language));
  return i18next;
}
