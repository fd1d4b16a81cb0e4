import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages';

/**
 * Every code core can raise has its sentence in the errors catalog of every language. The
 * codes are read from the code lists themselves: each `*_CODES` list exported by a
 * `src/shared/*-errors.ts` module (a new list is checked without touching this test), and the
 * field rules and the fields they name (`errors:field.<rule>`, `errors:fieldName.<name>`).
 */
const shared = join(import.meta.dirname, '..');
const lists: Record<string, Record<string, unknown>> = {};
beforeAll(async () => {
  for (const file of readdirSync(shared).filter((name) => /^[a-z-]+-errors\.ts$/.test(name)))
    lists[file] = (await import(pathToFileURL(join(shared, file)).href)) as Record<string, unknown>;
});

/** Each code list by `module.EXPORT`, with the catalog key its codes have. */
function codeLists(): [string, string[], (code: string) => string][] {
  const found: [string, string[], (code: string) => string][] = [];
  for (const [path, module] of Object.entries(lists))
    for (const [name, value] of Object.entries(module)) {
      if (!Array.isArray(value) || !value.every((code) => typeof code === 'string')) continue;
      const where = `${path.replace(/\.ts$/, '')}.${name}`;
      const codes = value;
      if (name === 'FIELD_RULES') found.push([where, codes, (rule) => `field.${rule}`]);
      else if (name === 'FIELD_NAMES') found.push([where, codes, (field) => `fieldName.${field}`]);
      else if (name.endsWith('_CODES') || name === 'SIGN_OUT_UNCONFIRMED')
        found.push([where, codes, (code) => code]);
    }
  return found;
}

type Catalog = { [key: string]: string | Catalog };
const catalog = (language: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, language, 'errors.json'), 'utf8')) as Catalog;

/** The message at a dotted key, or undefined. */
function messageAt(of: Catalog, key: string): string | undefined {
  let at: string | Catalog | undefined = of;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  return typeof at === 'string' && at !== '' ? at : undefined;
}

describe('the errors catalog', () => {
  it('finds the code lists it checks', () => {
    // Those core raises today; finding fewer means the lists moved, not that all is well.
    const names = codeLists().map(([where]) => where);
    for (const expected of [
      'auth-errors.AUTH_ERROR_CODES',
      'platform-errors.PLATFORM_ERROR_CODES',
      'bridge-errors.BRIDGE_ERROR_CODES',
      'job-errors.JOB_ERROR_CODES',
      'file-errors.FILE_ERROR_CODES',
      'field-errors.FIELD_RULES',
      'field-errors.FIELD_NAMES',
    ])
      expect(names).toContain(expected);
  });

  it.each(LANGUAGES)('has a sentence for every code core can raise, in %s', (language) => {
    const messages = catalog(language);
    const missing = codeLists().flatMap(([where, codes, keyOf]) =>
      codes
        .filter((code) => messageAt(messages, keyOf(code)) === undefined)
        .map((code) => `${where}: ${code}`),
    );
    expect(missing).toEqual([]);
  });
});
