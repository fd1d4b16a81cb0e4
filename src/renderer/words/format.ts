import { pickLanguage, type Language } from '../../shared/languages';

/**
 * One number format, one date format and one money format for the whole renderer, in the
 * owner's language (set by i18n when the language changes), so a date reads the same in a
 * list, a record, an enrollment and the date field beside it. `Number.toLocaleString` builds a
 * new formatter on every call, which is slow enough to show in a frame when a list renders
 * while it scrolls, so the formatters are kept.
 */
let numberFormat = new Intl.NumberFormat('en-US');

/** The locale the formats follow now (see {@link setFormatLocale}). */
let locale = 'en-US';

/** Shown where a record has no value for a field (the school did not send it). */
export const NO_VALUE = '—';

/** 100000 → "100,000"; an em dash when the school left the number out. */
export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? NO_VALUE : numberFormat.format(value);
}

/**
 * Day, month and year as digits in the order of the locale ("03/31/2027" in the US,
 * "31/03/2027" in Britain, "2027/03/31" in Taiwan): the order the browser's own date field
 * shows, so a date in a list reads exactly as it does in the field that edits it.
 */
const numericDate = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
let dateFormat = new Intl.DateTimeFormat('en-US', numericDate);
/** "2027年3月31日", "31 March 2027": a date inside a sentence. */
let longDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** Unix seconds as a Date, or undefined for a number no calendar can show. */
function dateOf(seconds: number): Date | undefined {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Unix seconds as a date in the one format of lists and date fields; `fallback` for null (no
 * date), and an em dash for a field the school left out or a number no calendar can show,
 * never "Invalid Date" or a thrown RangeError from a list cell.
 */
export function formatDate(seconds: number | null | undefined, fallback = NO_VALUE): string {
  if (seconds === null) return fallback;
  if (seconds === undefined) return NO_VALUE;
  const date = dateOf(seconds);
  return date ? dateFormat.format(date) : NO_VALUE;
}

/** Unix seconds as a date written out for a sentence ("2027年3月31日", "March 31, 2027"). */
export function formatLongDate(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return NO_VALUE;
  const date = dateOf(seconds);
  return date ? longDateFormat.format(date) : NO_VALUE;
}

/** A day as a date field holds it: "2027-03-31" (ISO 8601), in no time zone. */
export type IsoDate = string;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A day (year, month 1–12, day) as an ISO date, or undefined if no calendar has it. */
function isoOf(year: number, month: number, day: number): IsoDate | undefined {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(year, month - 1, day);
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return undefined;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** An ISO date in the one format of lists and date fields ("2027/03/31", "03/31/2027"). */
export function formatIsoDate(iso: IsoDate): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return dateFormat.format(new Date(y, m - 1, d, 12));
}

/** The order of year, month and day in the date format, and what separates them. */
export function dateOrder(): { order: ('year' | 'month' | 'day')[]; separator: string } {
  const parts = dateFormat.formatToParts(new Date(2027, 2, 31, 12));
  const order = parts
    .map((part) => part.type)
    .filter((type): type is 'year' | 'month' | 'day' => ['year', 'month', 'day'].includes(type));
  const separator = parts.find((part) => part.type === 'literal')?.value ?? '/';
  return { order, separator };
}

/**
 * A day typed in the date format of the language ("2027/3/31", "03/31/2027"), or as ISO
 * ("2027-03-31"), as an ISO date; undefined for text that is no day of the calendar. Any
 * non-digits separate the numbers, so "2027.3.31" and "2027 3 31" read too.
 */
export function parseDate(text: string): IsoDate | undefined {
  const numbers = text.trim().split(/\D+/).filter(Boolean);
  if (numbers.length !== 3) return undefined;
  const values = numbers.map(Number);
  // Four digits first: year, month, day, whatever the language's order.
  const order = numbers[0]!.length === 4 ? (['year', 'month', 'day'] as const) : dateOrder().order;
  const value = (part: 'year' | 'month' | 'day') => values[order.indexOf(part)] ?? 0;
  return isoOf(value('year'), value('month'), value('day'));
}

/** Currency formatters by code; a school uses one or two currencies, so few are ever made. */
let moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount of money in the owner's locale: "NT$1,250" in English, "$1,250" in Taiwan (where
 * "$" is the local dollar and US dollars read "US$"). Whole amounts show no cents, as prices
 * in Taiwan do. A code Intl does not know reads as the number and the code ("1,250 XYZ").
 */
export function formatMoney(amount: number, currency: string): string {
  const key = `${currency}:${Number.isInteger(amount) ? 'whole' : 'cents'}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        ...(Number.isInteger(amount) ? { minimumFractionDigits: 0 } : {}),
      });
    } catch {
      return `${numberFormat.format(amount)} ${currency}`;
    }
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

let percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });

/** A percentage given in hundredths (20 → "20%"), in the owner's locale. */
export function formatPercent(percent: number): string {
  return percentFormat.format(percent / 100);
}

/** Hours and minutes on a 24-hour clock ("10:42"), in the machine's time zone. */
let timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
/** Day and month without the year ("21 Nov", "11月21日"), for a day earlier this year. */
let dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
let shortDateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
let chinese = false;

/**
 * When a past moment (Unix milliseconds) was, as short as it reads without doubt beside
 * `now`. In English with its preposition, so it ends a sentence: "at 10:42" today, "on 21 Nov
 * at 10:42" earlier this year, "on 21 Nov 2024 at 10:42" before that. In Chinese, where the
 * sentence around it says how it attaches: "10:42", "11月21日 10:42", "2024年11月21日 10:42".
 */
export function formatWhen(ms: number, now: number): string {
  const at = new Date(ms);
  const today = new Date(now);
  const time = timeFormat.format(at);
  const sameDay = at.toDateString() === today.toDateString();
  const day = sameDay
    ? ''
    : at.getFullYear() === today.getFullYear()
      ? dayFormat.format(at)
      : shortDateFormat.format(at);
  if (chinese) return sameDay ? time : `${day} ${time}`;
  return sameDay ? `at ${time}` : `on ${day} at ${time}`;
}

/**
 * The locale whose conventions a language's dates follow: the browser's own when it speaks
 * that language (its date fields use it, and the lists must match them), else the language's
 * home ("zh-TW", "en-US").
 */
export function dateLocaleFor(language: Language, browserLocales: readonly string[]): string {
  const own = browserLocales.find((l) => {
    if (pickLanguage([l]) !== language) return false;
    // pickLanguage maps any locale to English by default: only a real English one counts.
    return language !== 'en' || l.toLowerCase().startsWith('en');
  });
  if (own && isSupported(own)) return own;
  return language === 'zh-TW' ? 'zh-TW' : 'en-US';
}

function isSupported(tag: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0;
  } catch {
    return false;
  }
}

/** The browser's preferred locales; none outside a browser (unit tests in Node). */
function browserLocales(): readonly string[] {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } })
    .navigator;
  if (nav?.languages && nav.languages.length > 0) return nav.languages;
  return nav?.language ? [nav.language] : [];
}

/**
 * Switches every format to `language`: Taiwan's conventions for zh-TW (2027/03/31 in lists
 * and fields, 2027年3月31日 in sentences, 24-hour clock); for English those of the browser's
 * English locale, whose date field the lists must match. `locales` defaults to the browser's.
 */
export function setFormatLocale(language: string, locales = browserLocales()): void {
  const lang: Language = language === 'zh-TW' ? 'zh-TW' : 'en';
  chinese = lang === 'zh-TW';
  locale = dateLocaleFor(lang, locales);
  numberFormat = new Intl.NumberFormat(locale);
  percentFormat = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  moneyFormats = new Map();
  dateFormat = new Intl.DateTimeFormat(locale, numericDate);
  longDateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
  // The clock and short days of sentences: Taiwan's, or day-month-year, read alike everywhere.
  const sentences = chinese ? 'zh-TW' : 'en-GB';
  timeFormat = new Intl.DateTimeFormat(sentences, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  dayFormat = new Intl.DateTimeFormat(sentences, { day: 'numeric', month: 'short' });
  shortDateFormat = new Intl.DateTimeFormat(sentences, { dateStyle: 'medium' });
}
