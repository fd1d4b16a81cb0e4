/**
 * One number format and one date format for the whole renderer, so a date reads the same in a
 * list, a record and an enrollment. `Number.toLocaleString` builds a new formatter on
 * every call, which is slow enough to show in a frame when a list renders while it scrolls.
 */
const numberFormat = new Intl.NumberFormat('en-US');

/** 100000 → "100,000". */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** "1 row", "4,997 rows": a count and its noun, singular only for exactly one. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/**
 * Day, month name and year ("21 Nov 2024"): the same in every country, where "11/21/2024" or
 * "21/11/2024" would each be misread somewhere.
 */
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** Unix seconds as a short date; `fallback` for null. */
export function formatDate(seconds: number | null, fallback = '—'): string {
  return seconds === null ? fallback : dateFormat.format(new Date(seconds * 1000));
}
