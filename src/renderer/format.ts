import type { Language } from '../shared/languages';

/**
 * One number format and one date format for the whole renderer, so a date reads the same in a
 * list, a record and an enrollment, in the owner's language (set by i18n when the language
 * changes). `Number.toLocaleString` builds a new formatter on every call, which is slow enough
 * to show in a frame when a list renders while it scrolls, so the formatters are kept.
 */
let numberFormat = new Intl.NumberFormat('en-US');

/** 100000 → "100,000"; an em dash when the school left the number out. */
export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? NO_VALUE : numberFormat.format(value);
}

/** "1 row", "4,997 rows": a count and its noun, singular only for exactly one. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/**
 * Day, month name and year ("21 Nov 2024"): the same in every country, where "11/21/2024" or
 * "21/11/2024" would each be misread somewhere.
 */
let dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** Shown where a record has no value for a field (the school did not send it). */
export const NO_VALUE = '—';

/**
 * Unix seconds as a short date; `fallback` for null (no date), and an em dash for a field the
 * school left out or a number no calendar can show, never "Invalid Date" or a thrown
 * RangeError from a list cell.
 */
export function formatDate(seconds: number | null | undefined, fallback = NO_VALUE): string {
  if (seconds === null) return fallback;
  if (seconds === undefined) return NO_VALUE;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? NO_VALUE : dateFormat.format(date);
}

/** Hours and minutes on a 24-hour clock ("10:42"), in the machine's time zone. */
let timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
/** Day and month name without the year ("21 Nov"), for a day earlier this year. */
let dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/**
 * When a past moment (Unix milliseconds) was, as short as it reads without doubt beside
 * `now`, with its preposition so it ends a sentence: "at 10:42" today, "on 21 Nov at 10:42"
 * earlier this year, "on 21 Nov 2024 at 10:42" before that.
 */
export function formatWhen(ms: number, now: number): string {
  const at = new Date(ms);
  const today = new Date(now);
  const time = `at ${timeFormat.format(at)}`;
  if (at.toDateString() === today.toDateString()) return time;
  const day =
    at.getFullYear() === today.getFullYear() ? dayFormat.format(at) : dateFormat.format(at);
  return `on ${day} ${time}`;
}

/**
 * Switches every format to `language`: Taiwan's own conventions for zh-TW ("2024年11月21日",
 * 24-hour clock); day, month name and year for English, read the same in every country.
 */
export function setFormatLocale(language: string): void {
  const zh = (language as Language) === 'zh-TW';
  const dates = zh ? 'zh-TW' : 'en-GB';
  numberFormat = new Intl.NumberFormat(zh ? 'zh-TW' : 'en-US');
  dateFormat = new Intl.DateTimeFormat(dates, { dateStyle: 'medium' });
  timeFormat = new Intl.DateTimeFormat(dates, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  dayFormat = new Intl.DateTimeFormat(dates, { day: 'numeric', month: 'short' });
}
