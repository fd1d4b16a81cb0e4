import i18next from 'i18next';
import { parseFieldError, type FieldError } from '../../shared/field-errors';
import { BridgeError, toUiError } from '../data/bridge';

/**
 * Every failure the owner sees, written in the owner's language. Core sends a code (and, for
 * a sentence with values in it, the values) across the bridge; the renderer writes the
 * sentence from the errors catalog, which holds every code of core's code lists (auth,
 * platform, bridge, job and file errors) and the field rules (error-codes.test.ts checks that
 * none is missing in either language).
 */

/** A coded failure as the bridge, a job's row or an event carries it. */
export type CodedError = {
  code: string;
  /** A job row's English (the platform's field words, for one): shown only when no code fits. */
  message?: string | undefined;
  params?: Record<string, unknown> | undefined;
  /** invalid_request: the contract's rule the request broke, by field. */
  details?: { fields?: Record<string, string> | undefined } | undefined;
};

/**
 * The catalog's `t` for keys built from codes at run time: the typed `t` only takes keys
 * known when compiling, and a code from core is a string. Callers check `exists` first.
 */
const t = (key: string, options?: Record<string, unknown>): string =>
  (i18next.t as unknown as (key: string, options?: Record<string, unknown>) => string)(
    key,
    options,
  );

const exists = (key: string) => i18next.exists(key);

/** Whether the sentences are English now, the language the platform's own messages are in. */
function inEnglish(): boolean {
  return !i18next.language || i18next.language === 'en' || i18next.language.startsWith('en-');
}

/** A field rule in the owner's language, its field named in that language too. */
function fieldRuleText(rule: FieldError): string {
  const { field, ...values } = rule.params;
  const name = field ? t(`errors:fieldName.${field}`) : undefined;
  return t(`errors:field.${rule.rule}`, { ...values, ...(name ? { field: name } : {}) });
}

/**
 * A field's message from a rule (the platform's 422, a contract rule, a row of an import) in
 * the owner's language: "Name must be at most 200 characters" → "名稱最多 200 個字元". English
 * stays exactly as the platform wrote it; a sentence no rule writes is shown as it came.
 */
export function fieldErrorText(message: string): string {
  if (inEnglish()) return message;
  const rule = parseFieldError(message);
  return rule ? fieldRuleText(rule) : message;
}

/**
 * A coded failure's sentence: `errors:<code>` with its values, falling back to `message`
 * (translated when it states a field rule), then to a generic sentence. A `field.<rule>`
 * code (a row that broke a field rule) names its field from `params.field`. A contract
 * rule's own sentence (`invalid_request` with "Type the school’s address." in its details) wins over the
 * code's general one, since it says what to fix. Anything else a bridge call threw (not
 * coded) reads as the bridge's `internal` sentence, never a stack. Takes a
 * {@link CodedError} (a UiError, a BridgeError, a job row's code) or anything thrown.
 */
export function errorText(error: unknown): string {
  // A BridgeError's message is its code (for stacks and logs), never a sentence to show.
  const coded: CodedError =
    isCoded(error) && !(error instanceof BridgeError) ? error : toUiError(error);
  const { code, params } = coded;
  const message =
    coded.message ?? (code === 'invalid_request' ? firstOf(coded.details?.fields) : undefined);
  if (code.startsWith('field.')) {
    if (inEnglish() && message) return message;
    const rule = code.slice('field.'.length);
    if (exists(`errors:field.${rule}`))
      return fieldRuleText({ rule, params: params ?? {} } as FieldError);
  }
  const known = code !== '' && !code.startsWith('field.') && exists(`errors:${code}`);
  if (message && (!known || code === 'invalid_request')) {
    const rule = parseFieldError(message);
    if (rule) return inEnglish() ? message : fieldRuleText(rule);
  }
  if (known) return t(`errors:${code}`, params);
  return message || t('errors:generic');
}

/** The first field's message of a rule a request broke. */
function firstOf(fields: Record<string, string> | undefined): string | undefined {
  return fields ? Object.values(fields)[0] : undefined;
}

function isCoded(error: unknown): error is CodedError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    ['string', 'undefined'].includes(typeof (error as { message?: unknown }).message)
  );
}

/**
 * The sentences of several field messages joined as the language joins them ("; " or "；"),
 * each once.
 */
export function fieldErrorsText(messages: readonly string[]): string {
  return [...new Set(messages.map(fieldErrorText))].join(t('errors:separator'));
}
