/**
 * The sentences of the field rules, as `shared/entities.ts`, the contract and the platform
 * itself write them (a 422's `fields`), by rule, with their values as ICU arguments. This is
 * the English reference: the messages stay English in logs and on the wire, and the renderer
 * writes them in the owner's language (`errors:field.<rule>` with the field's name from
 * `errors:fieldName.<field>`) after {@link parseFieldError} has found the rule and its values.
 */
export const FIELD_ERRORS = {
  // Whole sentences first: each names its own field.
  slug_format: 'Slug may only hold lowercase letters, digits and single hyphens',
  code_format: 'Code must be 3 to 40 letters, digits, hyphens or underscores',
  currency_format: 'Currency must be a 3-letter ISO 4217 code',
  path_format: 'Path prefix must start with / and hold only URL path characters',
  percentage_range: 'Percentage must be more than 0 and at most 100',
  school_address_empty: 'Type the school’s address.',
  quote_not_closed: 'A quoted value is not closed',
  pattern_chars: 'A pattern holds letters, digits, -, _ and #.',
  pattern_hash: 'A pattern needs at least one #.',
  pattern_start: 'A pattern must start with a letter, a digit or #.',
  pattern_too_small:
    'The pattern can make only {combinations} codes, too few for {count}. Use at least {needed} # characters.',
  // Then the rules any field may break.
  must_be_text: '{field} must be text',
  required: '{field} is required',
  empty: '{field} cannot be empty',
  too_long: '{field} must be at most {max} characters',
  not_unix_seconds: '{field} must be a whole number of unix seconds',
  too_far_ahead: '{field} is too far in the future',
  not_boolean: '{field} must be true or false',
  not_number: '{field} must be a number',
  not_positive: '{field} must be more than 0',
  too_large: '{field} is too large',
  not_whole: '{field} must be a whole number',
  too_small: '{field} must be at least {min}',
  taken: '{field} already exists',
  invalid: 'Invalid {field}',
} as const;

/** One of the field rules. */
export type FieldRule = keyof typeof FIELD_ERRORS;

/**
 * The fields the rules name, by the platform's field name, as the English sentences write
 * them ("Published at must be…"). The renderer names them in its language.
 */
export const FIELD_NAMES = {
  name: 'Name',
  title: 'Title',
  slug: 'Slug',
  description: 'Description',
  email: 'Email',
  phoneNumber: 'Phone number',
  code: 'Code',
  amount: 'Amount',
  currency: 'Currency',
  redemptionLimit: 'Redemption limit',
  expiredAt: 'Expires at',
  publishedAt: 'Published at',
  pathPrefix: 'Path prefix',
  courseType: 'Course type',
  couponType: 'Coupon type',
  pageType: 'Page type',
  featured: 'Featured',
  invisible: 'Invisible',
  active: 'Active',
  published: 'Published',
  template: 'Template',
  playerTheme: 'Player theme',
  deliveryState: 'Delivery state',
  days: 'Days',
  image: 'Image',
} as const;

/** A field a rule may name. */
export type FieldName = keyof typeof FIELD_NAMES;

/** A field rule found in a sentence, with the values it carried. */
export type FieldError = {
  rule: FieldRule;
  /** The field the sentence names, and its numbers (max, min, count…) as numbers. */
  params: { field?: FieldName } & Record<string, number | string>;
};

const byLabel = new Map<string, FieldName>(
  Object.entries(FIELD_NAMES).map(([key, label]) => [label.toLowerCase(), key as FieldName]),
);

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** Each rule as a pattern over a whole sentence, and the names of its arguments in order. */
const PATTERNS = Object.entries(FIELD_ERRORS).map(([rule, template]) => {
  const names: string[] = [];
  // Braces are not escaped above, so each {argument} is still whole here.
  const source = escape(template).replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return name === 'field' ? '(.+?)' : '(\\d[\\d,]*(?:\\.\\d+)?)';
  });
  return { rule: rule as FieldRule, names, pattern: new RegExp(`^${source}\\.?$`, 'i') };
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
