import { beforeEach, describe, expect, it } from 'vitest';
import { speak } from '../test-language';
import { EMPTY_GENERATE_FORM } from './coupon-generation';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  currencyChoices,
  currencyLabel,
} from '../records/currencies';
import { FIELD_SPECS, emptyValues, optionValues } from '../records/field-specs';

const couponCurrency = FIELD_SPECS.coupons.find((spec) => spec.name === 'currency')!;

describe('the currency of a coupon', () => {
  beforeEach(() => speak('en'));

  it('starts from the same default in the coupon form and in Generate', () => {
    expect(emptyValues('coupons').currency).toBe(DEFAULT_CURRENCY);
    expect(EMPTY_GENERATE_FORM.currency).toBe(DEFAULT_CURRENCY);
  });

  it('is chosen from the same list in both, keeping a record’s own if it is another', () => {
    expect(currencyChoices('')).toEqual(CURRENCIES);
    expect(currencyChoices('TWD')).toEqual(CURRENCIES);
    expect(currencyChoices('SEK')).toEqual([...CURRENCIES, 'SEK']);
    expect(optionValues(couponCurrency, 'SEK')).toEqual(currencyChoices('SEK'));
  });

  it('is named by its code and its name in the owner’s language', async () => {
    expect(currencyLabel('USD', 'en')).toBe('USD · US Dollar');
    await speak('zh-TW');
    expect(currencyLabel('TWD', 'zh-TW')).toBe('TWD・新臺幣');
  });
});
