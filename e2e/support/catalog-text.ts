import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';

/**
 * The app's words as its catalogs (src/shared/locales) hold them, for specs that run in
 * either language (and for unit tests: nothing here needs a page or a DOM): `say('zh-TW', 'shell:nav.label')` is what the app shows a Chinese owner,
 * formatted with ICU as the app formats it. A spec that finds a control by `say(...)` finds
 * it by the name the owner hears, whichever the language.
 */

export type Language = 'en' | 'zh-TW';
export const LANGUAGES: readonly Language[] = ['en', 'zh-TW'];

const root = fileURLToPath(new URL('../../src/shared/locales/', import.meta.url));

type Catalog = { [key: string]: string | Catalog };

/** Every message of a language by `namespace:dotted.key`. */
function messagesOf(language: Language): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (namespace: string, catalog: Catalog, prefix: string) => {
    for (const [key, value] of Object.entries(catalog)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') found.set(`${namespace}:${path}`, value);
      else walk(namespace, value, path);
    }
  };
  for (const file of readdirSync(`${root}/${language}`).filter((f) => f.endsWith('.json'))) {
    const catalog = JSON.parse(readFileSync(`${root}/${language}/${file}`, 'utf8')) as Catalog;
    walk(file.replace(/\.json$/, ''), catalog, '');
  }
  return found;
}

const loaded = new Map<Language, Map<string, string>>();
function messages(language: Language): Map<string, string> {
  let found = loaded.get(language);
  if (!found) loaded.set(language, (found = messagesOf(language)));
  return found;
}

/** A message of the catalogs in `language`, with its ICU arguments filled in. */
export function say(
  language: Language,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const message = messages(language).get(key);
  if (message === undefined) throw new Error(`no message ${key} in the ${language} catalogs`);
  return String(new IntlMessageFormat(message, language).format(values));
}

type Ast = ReturnType<IntlMessageFormat['getAst']>;

/**
 * The stretches of fixed text of a message: its words between the arguments, and in each
 * plural or select branch, with `#` and every argument as a break.
 */
function fixedText(ast: Ast): string[] {
  const runs: string[] = [];
  let run = '';
  const flush = () => {
    if (run.trim()) runs.push(run.trim());
    run = '';
  };
  const walk = (elements: Ast) => {
    for (const element of elements) {
      // Type 0 is literal text; anything else is an argument, a `#` or a tag.
      if (Number(element.type) === 0 && 'value' in element && typeof element.value === 'string') {
        run += element.value;
        continue;
      }
      flush();
      if ('options' in element)
        for (const option of Object.values(element.options)) {
          walk(option.value);
          flush();
        }
      if ('children' in element) walk(element.children);
    }
  };
  walk(ast);
  flush();
  return runs;
}

/**
 * The English of the catalogs that must never show on a Chinese screen: each stretch of fixed
 * text of every English message with more than `minLetters` letters, less what the Chinese
 * catalog keeps as it is (names such as Schooldesk, CSV headers, example addresses).
 */
export function englishSentences(minLetters = 12): string[] {
  const chinese = [...messages('zh-TW').values()].join('\n');
  const found = new Set<string>();
  for (const message of messages('en').values())
    for (const text of fixedText(new IntlMessageFormat(message, 'en').getAst())) {
      if ((text.match(/[A-Za-z]/g) ?? []).length <= minLetters) continue;
      if (!chinese.includes(text)) found.add(text);
    }
  return [...found];
}

/**
 * Each stretch of fixed text of an English message with at least `minWords` words: the
 * sentences a renderer file must not write itself (it takes them from the catalog).
 */
export function englishPhrases(minWords = 4): string[] {
  const found = new Set<string>();
  for (const message of messages('en').values())
    for (const text of fixedText(new IntlMessageFormat(message, 'en').getAst()))
      if (text.split(/\s+/).filter((word) => /[A-Za-z]/.test(word)).length >= minWords)
        found.add(text);
  return [...found];
}
