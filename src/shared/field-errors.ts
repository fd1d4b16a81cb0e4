import english from './locales/en/errors.json' with { type: 'json' };

/**
 * The field rules, as `shared/entities.ts`, the contract and the platform itself state them (a
 * 422's `fields` is English sentences). Each rule's English sentence is written once, in the
 * English errors catalog (`errors:field.<rule>`, its values as ICU arguments), which is also
 * how {@link parseFieldError} reads the platform's sentences back into a rule and its values;
 * the renderer then writes them in the owner's language (`errors:field.<rule>` with the
 * field's name from `errors:fieldName.<field>`).
 */
export const FIELD_RULES = [
  // Whole sentences first: each names its own field.
  'slug_format',
  'code_format',
  'currency_format',
  'path_format',
  'percentage_range',
  'school_address_empty',
  'quote_not_closed',
  'pattern_chars',
  'pattern_hash',
  'pattern_start',
  'pattern_too_small',
  // Then the rules any field may break.
  'must_be_text',
  'required',
  'empty',
  'too_long',
  'not_unix_seconds',
  'too_far_ahead',
  'not_boolean',
  'not_number',
  'not_positive',
  'too_large',
  'not_whole',
  'too_small',
  'taken',
  'invalid',
] as const;

/** One of the field rules. */
export type FieldRule = (typeof FIELD_RULES)[number];

/**
 * The fields the rules name, by the platform's field name; the English catalog names them as
 * the platform's sentences do ("Published at must be…", `errors:fieldName.<field>`).
 */
export const FIELD_NAMES = [
  'name',
  'title',
  'slug',
  'description',
  'email',
  'phoneNumber',
  'code',
  'amount',
  'currency',
  'redemptionLimit',
  'expiredAt',
  'publishedAt',
  'pathPrefix',
  'courseType',
  'couponType',
  'pageType',
  'featured',
  'invisible',
  'active',
  'published',
  'template',
  'playerTheme',
  'deliveryState',
  'days',
  'image',
  // A curriculum's titles, named as the platform's sentences name them.
  'sectionTitle',
  'lectureTitle',
] as const;

/** A field a rule may name. */
export type FieldName = (typeof FIELD_NAMES)[number];

/** A field rule found in a sentence, with the values it carried. */
export type FieldError = {
  rule: FieldRule;
  /** The field the sentence names, and its numbers (max, min, count…) as numbers. */
  params: { field?: FieldName } & Record<string, number | string>;
};

/**
 * A field rule's sentence as the platform writes it, from the English catalog: "Name must be
 * at most 200 characters", "Invalid course type" (a field named mid-sentence is lowercased, as
 * the platform writes it). What the contract's and the forms' checks say, in the platform's
 * words, so {@link parseFieldError} reads them back like a 422's.
 */
export function fieldSentence(
  rule: FieldRule,
  params: { field?: FieldName } & Record<string, string | number> = {},
): string {
  const template: string = english.field[rule];
  return template.replace(/\{(\w+)\}/g, (whole, name: string, at: number) => {
    if (name === 'field' && params.field) {
      const label = english.fieldName[params.field];
      return at === 0 ? label : label.toLowerCase();
    }
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

const byLabel = new Map<string, FieldName>(
  FIELD_NAMES.map((name) => [english.fieldName[name].toLowerCase(), name]),
);

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** Each rule as a pattern over a whole sentence, and the names of its arguments in order. */
const PATTERNS = FIELD_RULES.map((rule) => {
  const template: string = english.field[rule];
  const names: string[] = [];
  // Braces are not escaped above, so each {argument} is still whole here.
  const source = escape(template).replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return name === 'field' ? '(.+?)' : '(\\d[\\d,]*(?:\\.\\d+)?)';
  });
  return { rule, names, pattern: new RegExp(`^${source}\\.?$`, 'i') };
});

/**
 * The rule a field message states and its values ("Name must be at most 200 characters" →
 * too_long of name, max 200), or undefined for a sentence no rule writes or a field not in
 * {@link FIELD_NAMES} (the caller then shows the sentence as it came).
 */
export function parseFieldError(message: string): FieldError | undefined {
  const text = message.trim();
  for (const { rule, names, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params: FieldError['params'] = {};
    let known = true;
    names.forEach((name, i) => {
      const value = match[i + 1]!;
      if (name === 'field') {
        const field = byLabel.get(value.toLowerCase());
        if (field) params.field = field;
        else known = false;
      } else {
        params[name] = Number(value.replace(/,/g, ''));
      }
    });
    if (known) return { rule, params };
  }
  return undefined;
}
