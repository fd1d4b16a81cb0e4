import i18next, { type i18n } from 'i18next';
import ICU from 'i18next-icu';
import enErrors from '../../shared/locales/en/errors.json' with { type: 'json' };
import enHost from '../../shared/locales/en/host.json' with { type: 'json' };
import zhErrors from '../../shared/locales/zh-TW/errors.json' with { type: 'json' };
import zhHost from '../../shared/locales/zh-TW/host.json' with { type: 'json' };
import { LANGUAGES, pickLanguage, type Language } from '../../shared/languages';

/**
 * The Node side's words: Electron's menu and dialogs, the web host's pages and terminal lines,
 * and the sign-in listener's pages. They live in the `host` catalog (src/shared/locales), in
 * both languages, as ICU messages; the `errors` catalog gives the sign-in failure sentences.
 *
 * Each language gets its own i18next instance (createInstance): main, the web host and core
 * answer different people in different languages at once (a browser asking in Chinese while
 * the menu is English), so nothing here touches the global i18next the renderer uses.
 */

/** Every dotted key of a nested catalog ("menu.file"). */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key of the `host` catalog; a missing key is a type error. */
export type HostKey = Leaves<typeof enHost>;

/**
 * The arguments of a message. Numbers are formatted by ICU for the language ("12,345"):
 * pass a process id or a port as a string so it reads as written.
 */
export type HostParams = Record<string, string | number>;

/** The words of one language (its functions may be taken apart: `const { t } = …`). */
export type HostText = {
  readonly language: Language;
  /** The message of `key` with its arguments. */
  t: (key: HostKey, params?: HostParams) => string;
  /**
   * The sentence of an error code from the `errors` catalog in this language, or undefined
   * when the catalog has none in it (never the English one in a Chinese page).
   */
  error: (code: string, params?: HostParams) => string | undefined;
};

// The type pins the Chinese catalog to the English keys; catalogs.test.ts checks the rest.
const zhHostTyped: typeof enHost = zhHost;
const RESOURCES: Record<Language, { host: typeof enHost; errors: object }> = {
  en: { host: enHost, errors: enErrors },
  'zh-TW': { host: zhHostTyped, errors: zhErrors },
};

/** Built once per language: the catalogs never change while the app runs. */
const texts = new Map<Language, HostText>();

/** The words of `language`. */
export function hostText(language: Language): HostText {
  let text = texts.get(language);
  if (!text) {
    text = build(language);
    texts.set(language, text);
  }
  return text;
}

function build(language: Language): HostText {
  const instance: i18n = i18next.createInstance();
  void instance.use(ICU).init({
    resources: { [language]: RESOURCES[language] },
    lng: language,
    // Both catalogs hold every host key (catalogs.test.ts); an error sentence missing in
    // Chinese must not come out English, so there is no fallback language.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: ['host', 'errors'],
    defaultNS: 'host',
    // Pages escape what they show themselves (plain-page.ts); a terminal shows text as is.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  // The renderer's typed keys (CustomTypeOptions) do not cover the host namespace; the keys
  // here are typed by HostKey instead.
  const translate = instance.t.bind(instance) as unknown as (
    key: string,
    options?: Record<string, unknown>,
  ) => string;
  return Object.freeze({
    language,
    t: (key: HostKey, params?: HostParams) => translate(key, { ns: 'host', ...params }),
    error: (code: string, params?: HostParams) =>
      instance.exists(code, { ns: 'errors' })
        ? translate(code, { ns: 'errors', ...params })
        : undefined,
  });
}

/**
 * The language to answer a browser in, from its Accept-Language header (RFC 9110 §12.5.4):
 * its languages by weight, highest first, then pickLanguage as the renderer does with
 * `navigator.languages`. A small parse rather than a package: weights and order are all
 * there is to it.
 */
export function languageOfRequest(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return pickLanguage(ranked.map(({ tag }) => tag));
}

/**
 * The language of this process's terminal: the first POSIX locale variable set, in their order
 * of precedence (LC_ALL, LC_MESSAGES, LANG; the C locale is English), or else the locale
 * Node's Intl runs in.
 */
export function terminalLanguage(env: NodeJS.ProcessEnv = process.env): Language {
  const locale = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG']].find((value) => !!value);
  if (locale) return /^(C|POSIX)([._@]|$)/i.test(locale) ? 'en' : pickLanguage([locale]);
  return pickLanguage([Intl.DateTimeFormat().resolvedOptions().locale]);
}
