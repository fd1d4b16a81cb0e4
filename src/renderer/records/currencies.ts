import i18next from 'i18next';

/**
 * How a coupon's currency is chosen, stated once: the coupon form (field-specs.ts) and the
 * Generate form (operations/generate-dialog.tsx) offer the same list, start from the same
 * default, and name each currency the same way.
 */

/** Currencies a school in Taiwan sells in. */
export const CURRENCIES = ['TWD', 'USD', 'HKD', 'CNY', 'JPY', 'SGD', 'MYR', 'EUR'] as const;

/** The currency of a new coupon: the platform's schools sell in New Taiwan dollars. */
export const DEFAULT_CURRENCY = 'TWD';

/**
 * The currencies to choose from: the list, plus `current` when a record holds another, so
 * editing a coupon never changes its currency behind the owner's back.
 */
export function currencyChoices(current: string): readonly string[] {
  return current !== '' && !(CURRENCIES as readonly string[]).includes(current)
    ? [...CURRENCIES, current]
    : CURRENCIES;
}

/** "TWD · New Taiwan dollar", "TWD・新臺幣": a currency's code and its name in the language. */
export function currencyLabel(code: string, language: string): string {
  let name: string | undefined;
  if (code === 'TWD') name = i18next.t('records:currency.TWD');
  else
    try {
      name = new Intl.DisplayNames([language], { type: 'currency' }).of(code);
    } catch {
      name = undefined;
    }
  return name && name !== code ? i18next.t('records:currency.option', { code, name }) : code;
}
