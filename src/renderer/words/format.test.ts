import { afterEach, describe, expect, it } from 'vitest';
import {
  dateLocaleFor,
  dateOrder,
  formatDate,
  formatIsoDate,
  formatLongDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatWhen,
  parseDate,
  setFormatLocale,
} from './format';

// Noon UTC, so the day is the same in every time zone the tests may run in.
const MARCH_31 = Date.UTC(2027, 2, 31, 12) / 1000;

afterEach(() => setFormatLocale('en', ['en-US']));

describe('formatDate: one format in lists and date fields, per language', () => {
  it('writes Taiwan’s order in Chinese, as the zh-TW date field shows it', () => {
    setFormatLocale('zh-TW', ['zh-TW']);
    expect(formatDate(MARCH_31)).toBe('2027/03/31');
    // A Chinese app on an English browser still writes Taiwan's dates.
    setFormatLocale('zh-TW', ['en-US']);
    expect(formatDate(MARCH_31)).toBe('2027/03/31');
  });

  it('writes the browser’s English order in English, as its date field does', () => {
    setFormatLocale('en', ['en-US']);
    expect(formatDate(MARCH_31)).toBe('03/31/2027');
    setFormatLocale('en', ['en-GB', 'en']);
    expect(formatDate(MARCH_31)).toBe('31/03/2027');
    // English chosen on a Chinese system: the home of English, not Taiwan's order.
    setFormatLocale('en', ['zh-TW']);
    expect(formatDate(MARCH_31)).toBe('03/31/2027');
  });

  it('picks the locale whose date field the lists must match', () => {
    expect(dateLocaleFor('en', ['fr-FR', 'en-GB'])).toBe('en-GB');
    expect(dateLocaleFor('en', ['fr-FR'])).toBe('en-US');
    expect(dateLocaleFor('zh-TW', ['zh-HK', 'en-US'])).toBe('zh-HK');
    expect(dateLocaleFor('zh-TW', [])).toBe('zh-TW');
  });

  it('writes the fallback for no date and an em dash for what no calendar can show', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(null, 'Never')).toBe('Never');
    expect(formatDate(undefined, 'Never')).toBe('—');
    expect(formatDate(1e20)).toBe('—');
    expect(formatDate(Number.NaN)).toBe('—');
    expect(formatLongDate(1e20)).toBe('—');
  });

  it('writes a date out in full inside a sentence', () => {
    setFormatLocale('zh-TW', ['zh-TW']);
    expect(formatLongDate(MARCH_31)).toBe('2027年3月31日');
    setFormatLocale('en', ['en-US']);
    expect(formatLongDate(MARCH_31)).toBe('March 31, 2027');
  });
});

describe('formatMoney and formatPercent', () => {
  it('writes money through Intl in English: NT$ for Taiwan dollars, no cents when whole', () => {
    setFormatLocale('en', ['en-US']);
    expect(formatMoney(1250, 'TWD')).toBe('NT$1,250');
    expect(formatMoney(9.5, 'USD')).toBe('$9.50');
    expect(formatPercent(15)).toBe('15%');
  });

  it('writes money as Taiwan does in Chinese: $ is the local dollar, US$ the American', () => {
    setFormatLocale('zh-TW', ['zh-TW']);
    expect(formatMoney(1250, 'TWD')).toBe('$1,250');
    expect(formatMoney(20, 'USD')).toBe('US$20');
    expect(formatPercent(12.5)).toBe('12.5%');
  });

  it('writes an unknown currency code beside the number rather than failing', () => {
    expect(formatMoney(5, 'NOT A CODE')).toBe('5 NOT A CODE');
  });
});

describe('formatNumber and formatWhen', () => {
  it('groups thousands', () => {
    expect(formatNumber(100_000)).toBe('100,000');
    expect(formatNumber(undefined)).toBe('—');
  });

  it('writes a past moment with its preposition in English, without one in Chinese', () => {
    const now = new Date(2026, 5, 10, 12, 0).getTime();
    const today = new Date(2026, 5, 10, 10, 42).getTime();
    const earlier = new Date(2026, 0, 2, 9, 5).getTime();
    expect(formatWhen(today, now)).toBe('at 10:42');
    expect(formatWhen(earlier, now)).toBe('on 2 Jan at 09:05');
    setFormatLocale('zh-TW', ['zh-TW']);
    expect(formatWhen(today, now)).toBe('10:42');
    expect(formatWhen(earlier, now)).toBe('1月2日 09:05');
    expect(formatWhen(new Date(2024, 10, 21, 9, 5).getTime(), now)).toBe('2024年11月21日 09:05');
  });
});

describe('date fields: parseDate and formatIsoDate', () => {
  it('reads a day typed in the language’s order, or as ISO, and writes it back the same', () => {
    setFormatLocale('zh-TW', ['zh-TW']);
    expect(parseDate('2027/3/31')).toBe('2027-03-31');
    expect(parseDate(' 2027.03.31 ')).toBe('2027-03-31');
    expect(formatIsoDate('2027-03-31')).toBe('2027/03/31');
    setFormatLocale('en', ['en-US']);
    expect(parseDate('03/31/2027')).toBe('2027-03-31');
    expect(parseDate('2027-03-31')).toBe('2027-03-31');
    expect(formatIsoDate('2027-03-31')).toBe('03/31/2027');
    setFormatLocale('en', ['en-GB']);
    expect(parseDate('31/03/2027')).toBe('2027-03-31');
    expect(dateOrder()).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
  });

  it('refuses what is no day of the calendar', () => {
    expect(parseDate('02/30/2027')).toBeUndefined();
    expect(parseDate('13/01/2027')).toBeUndefined();
    expect(parseDate('2027/03')).toBeUndefined();
    expect(parseDate('soon')).toBeUndefined();
    expect(parseDate('')).toBeUndefined();
  });
});
