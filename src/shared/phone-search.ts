/**
 * Searching phone numbers, stated once for the platform's search and the local copy's.
 *
 * Owners type a phone number the way they know it (`+1518`, `0912`, `518-555`), and it is
 * stored with whatever separators it was entered with (`+1 518-555-0100`, `0912-345-678`).
 * So a search that looks like a phone number is compared by its key: the digits and a
 * leading `+`, without the separators people put between them. `+1518` then finds
 * `+1 518-555-0100`, and `0912` finds `0912-345-678`, but not `+886 912 345 678`, which is
 * the same line written another way (telling that would need the country's dialling rules).
 */

/** What people put between a phone number's digits; a phone key leaves them out. */
export const PHONE_SEPARATORS = [' ', '-', '.', '(', ')'] as const;

/** The fewest digits a phone search has, so `(02)` or a year's `12` stays a text search. */
export const MIN_PHONE_SEARCH_DIGITS = 3;

/** An optional leading `+`, then only digits and separators. */
const PHONE_LIKE = /^\+?[\d ().-]+$/;

/**
 * Whether the text is written only as a phone number is: an optional leading `+`, then
 * digits and separators, with at least one digit.
 */
export function isPhoneNumberText(text: string): boolean {
  return PHONE_LIKE.test(text) && /\d/.test(text);
}

/** The text without the separators (the same as {@link phoneKeySql} computes in SQL). */
export function phoneKey(text: string): string {
  let key = text;
  for (const separator of PHONE_SEPARATORS) key = key.replaceAll(separator, '');
  return key;
}

/**
 * The key a search text is looked for with in phone numbers, or undefined when the text is
 * not a phone search: anything but an optional leading `+`, digits and separators, or fewer
 * than {@link MIN_PHONE_SEARCH_DIGITS} digits. Digits only: `\d` is ASCII in JavaScript.
 */
export function phoneSearchKey(text: string): string | undefined {
  if (!isPhoneNumberText(text)) return undefined;
  const key = phoneKey(text);
  const digits = key.replace('+', '').length;
  return digits >= MIN_PHONE_SEARCH_DIGITS ? key : undefined;
}

/**
 * The SQL expression of a column's phone key: the column with every separator replaced by
 * nothing. A stored number with other characters (`ext. 12`) keeps them, so only a run of
 * its digits that nothing else interrupts is found, on both sides alike.
 */
export function phoneKeySql(column: string): string {
  return PHONE_SEPARATORS.reduce((sql, separator) => `replace(${sql}, '${separator}', '')`, column);
}
