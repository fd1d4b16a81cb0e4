import { couponFields, crossFieldIssues } from '../../shared/entities';
import type { RequestOf } from '../../shared/contract';
import { formatNumber } from '../format';

/**
 * The rules of the "Generate codes" form, as pure functions checked as the owner types. Main
 * parses the request again with the contract; these say the same things earlier and in place.
 */

/** The form as typed: strings until they are checked. */
export type GenerateForm = {
  count: string;
  pattern: string;
  name: string;
  amount: string;
  couponType: 'fixed_amount' | 'percentage';
  currency: string;
  /** `YYYY-MM-DD` from a date input, or empty for no expiry. */
  expiresOn: string;
  active: boolean;
};

export type GenerateRequest = Omit<RequestOf<'coupons:generate'>, 'schoolId' | 'jobId'>;

export const MAX_GENERATE = 5000;
/** What one `#` may become: an uppercase letter or a digit. */
export const PATTERN_ALPHABET = 36;

export const EMPTY_GENERATE_FORM: GenerateForm = {
  count: '100',
  pattern: '',
  name: '',
  amount: '',
  couponType: 'fixed_amount',
  currency: 'TWD',
  expiresOn: '',
  active: true,
};

/** Why a pattern cannot make `count` codes, or null when it can. */
export function patternProblem(pattern: string, count: number): string | null {
  const p = pattern.trim().toUpperCase();
  if (p === '') return 'Pattern cannot be empty';
  if (!/^[A-Z0-9_#-]*$/.test(p)) return 'A pattern holds only letters, digits, -, _ and #';
  if (!p.includes('#')) return 'A pattern needs at least one #';
  if (p.length < 3 || p.length > 40) return 'A pattern is 3 to 40 characters long';
  const slots = [...p].filter((c) => c === '#').length;
  // Random draws collide long before every combination is used; ask for ten times room.
  const possible = PATTERN_ALPHABET ** slots;
  if (Number.isFinite(count) && count > 0 && possible < count * 10)
    return `${slots} # give ${formatNumber(possible)} possible codes, too few to draw ${formatNumber(count)} unique ones; add another #`;
  return null;
}

/** Unix seconds at the end of a local calendar day, so a coupon works all of its last day. */
export function endOfDay(date: string): number | null {
  const at = new Date(`${date}T23:59:59`);
  return Number.isNaN(at.getTime()) ? null : Math.floor(at.getTime() / 1000);
}

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/** Checks the form; answers the field messages, and the request when there are none. */
export function checkGenerateForm(
  form: GenerateForm,
  now = Date.now(),
): { errors: Partial<Record<keyof GenerateForm, string>>; request?: GenerateRequest } {
  const errors: Partial<Record<keyof GenerateForm, string>> = {};
  const count = Number(form.count);
  if (!/^\d+$/.test(form.count.trim()) || count < 1 || count > MAX_GENERATE)
    errors.count = `How many must be a whole number from 1 to ${formatNumber(MAX_GENERATE)}`;
  const pattern = patternProblem(form.pattern, errors.count ? NaN : count);
  if (pattern) errors.pattern = pattern;
  const name = firstMessage(couponFields.shape.name.safeParse(form.name));
  if (name) errors.name = name;
  const amountValue = form.amount.trim() === '' ? NaN : Number(form.amount);
  const amount = Number.isNaN(amountValue)
    ? 'Amount must be a number'
    : (firstMessage(couponFields.shape.amount.safeParse(amountValue)) ??
      crossFieldIssues('coupons', { couponType: form.couponType, amount: amountValue }).amount);
  if (amount) errors.amount = amount;
  const currency = firstMessage(couponFields.shape.currency.safeParse(form.currency));
  if (currency) errors.currency = currency;
  let expiredAt: number | null = null;
  if (form.expiresOn) {
    expiredAt = endOfDay(form.expiresOn);
    if (expiredAt === null) errors.expiresOn = 'Expires on must be a date';
    else if (expiredAt * 1000 < now) errors.expiresOn = 'Expires on has already passed';
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    request: {
      count,
      pattern: form.pattern.trim().toUpperCase(),
      fields: {
        name: form.name.trim(),
        amount: amountValue,
        couponType: form.couponType,
        currency: form.currency.trim().toUpperCase(),
        active: form.active,
        expiredAt,
      },
    },
  };
}
