/**
 * One number format for the whole renderer. `Number.toLocaleString` builds a new formatter on
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
