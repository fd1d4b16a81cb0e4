import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages';

/**
 * The catalogs of both languages, checked as a translator's reviewer would: the same keys in
 * each, every message valid ICU with the same placeholders, and no Chinese message that is
 * just the English copied over (a placeholder or an echo is not a translation).
 */
const folder = (language: string) => join(import.meta.dirname, language);
const namespaces = readdirSync(folder('en')).filter((name) => name.endsWith('.json'));

type Catalog = { [key: string]: string | Catalog };

function load(language: string, namespace: string): Catalog {
  return JSON.parse(readFileSync(join(folder(language), namespace), 'utf8')) as Catalog;
}

/** Every message of a catalog by its dotted key. */
function messages(catalog: Catalog, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [k, v] of messages(value, path)) found.set(k, v);
  }
  return found;
}

/** The names of a message's arguments ({name}, {count, plural, …}), sorted. */
function argumentsOf(message: string, language: string): string[] {
  const names = new Set<string>();
  const walk = (elements: ReturnType<IntlMessageFormat['getAst']>) => {
    for (const element of elements) {
      // Type 0 is literal text and 7 a `#`; the others name an argument.
      const kind = Number(element.type);
      if ('value' in element && typeof element.value === 'string' && kind > 0 && kind < 7)
        names.add(element.value);
      if ('options' in element)
        for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(message, language).getAst());
  return [...names].sort();
}

/** Words that stay the same in both languages: names and codes, not sentences. */
const SAME_IN_BOTH = /^(Schooldesk|CSV|ETag|URL|ID|TWD|[—–\-·…:\s\d{}#%,./()]*)$/;

describe.each(namespaces)('the %s catalog', (namespace) => {
  const english = messages(load('en', namespace));

  it.each(LANGUAGES.filter((l) => l !== 'en'))('has the same keys in %s', (language) => {
    const other = messages(load(language, namespace));
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(LANGUAGES)('has only valid ICU messages with the same arguments in %s', (language) => {
    for (const [key, message] of messages(load(language, namespace))) {
      const reference = english.get(key);
      if (reference === undefined) continue;
      expect(argumentsOf(message, language), `${namespace}:${key}`).toEqual(
        argumentsOf(reference, 'en'),
      );
    }
  });

  it('is translated, not copied: no Chinese message is the English one', () => {
    const chinese = messages(load('zh-TW', namespace));
    const copied = [...english].filter(
      ([key, message]) => chinese.get(key) === message && !SAME_IN_BOTH.test(message),
    );
    expect(copied.map(([key]) => `${namespace}:${key}`)).toEqual([]);
  });
});
