import i18next from 'i18next';
import { couponFields, crossFieldIssues } from '../../shared/entities';
import type { RequestOf } from '../../shared/contract';
import { combinationsOf, hasRoomFor, wildcardsIn } from '../../shared/coupon-codes';
import { fieldErrorText } from '../words/error-text';
import { DEFAULT_CURRENCY } from '../records/currencies';

/**
 * The rules of the "Generate codes" form, as pure functions checked as the owner types. Main
 * parses the request again with the contract; these say the same things earlier and in place,
 * in the owner's language.
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

export const EMPTY_GENERATE_FORM: GenerateForm = {
  count: '100',
  pattern: '',
  name: '',
  amount: '',
  couponType: 'fixed_amount',
  currency: DEFAULT_CURRENCY,
  expiresOn: '',
  active: true,
};

/** Why a pattern cannot make `count` codes, or null when it can. */
export function patternProblem(pattern: string, count: number): string | null {
  const t = i18next.t;
  const p = pattern.trim().toUpperCase();
  if (p === '') return t('operations:generate.rules.patternEmpty');
  if (!/^[A-Z0-9_#-]*$/.test(p)) return t('operations:generate.rules.patternChars');
  if (!p.includes('#')) return t('operations:generate.rules.patternHash');
  if (p.length < 3 || p.length > 40) return t('operations:generate.rules.patternLength');
  // The same room main asks for before it draws (shared/coupon-codes.ts).
  if (Number.isFinite(count) && count > 0 && !hasRoomFor(p, count))
    return t('operations:generate.rules.patternRoom', {
      slots: wildcardsIn(p),
      possible: combinationsOf(p),
      count,
    });
  return null;
}

/** Unix seconds at the end of a local calendar day, so a coupon works all of its last day. */
export function endOfDay(date: string): number | null {
  const at = new Date(`${date}T23:59:59`);
  return Number.isNaN(at.getTime()) ? null : Math.floor(at.getTime() / 1000);
}

/** The first rule a value breaks, in the owner's language. */
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
  const message = result.success ? undefined : result.error?.issues[0]?.message;
  return message === undefined ? undefined : fieldErrorText(message);
};

/**
 * Checks the form; answers the field messages, and the request when there are none. A
 * percentage coupon has no currency: the form hides the field and the request leaves it out.
 */
export function checkGenerateForm(
  form: GenerateForm,
  now = Date.now(),
): { errors: Partial<Record<keyof GenerateForm, string>>; request?: GenerateRequest } {
  const errors: Partial<Record<keyof GenerateForm, string>> = {};
  const count = Number(form.count);
  if (!/^\d+$/.test(form.count.trim()) || count < 1 || count > MAX_GENERATE)
    errors.count = i18next.t('operations:generate.rules.countRange', { max: MAX_GENERATE });
  const pattern = patternProblem(form.pattern, errors.count ? NaN : count);
  if (pattern) errors.pattern = pattern;
  const name = firstMessage(couponFields.shape.name.safeParse(form.name));
  if (name) errors.name = name;
  const amountValue = form.amount.trim() === '' ? NaN : Number(form.amount);
  const cross = crossFieldIssues('coupons', { couponType: form.couponType, amount: amountValue });
  const amount = Number.isNaN(amountValue)
    ? i18next.t('operations:generate.rules.amountNumber')
    : (firstMessage(couponFields.shape.amount.safeParse(amountValue)) ??
      (cross.amount === undefined ? undefined : fieldErrorText(cross.amount)));
  if (amount) errors.amount = amount;
  const percentage = form.couponType === 'percentage';
  const currency = percentage
    ? undefined
    : firstMessage(couponFields.shape.currency.safeParse(form.currency));
  if (currency) errors.currency = currency;
  let expiredAt: number | null = null;
  if (form.expiresOn) {
    expiredAt = endOfDay(form.expiresOn);
    if (expiredAt === null) errors.expiresOn = i18next.t('operations:generate.rules.expiresDate');
    else if (expiredAt * 1000 < now)
      errors.expiresOn = i18next.t('operations:generate.rules.expiresPassed');
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
        ...(percentage ? {} : { currency: form.currency.trim().toUpperCase() }),
        active: form.active,
        expiredAt,
      },
    },
  };
}
