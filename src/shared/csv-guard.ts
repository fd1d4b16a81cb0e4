import { isPhoneNumberText } from './phone-search';

/**
 * SECURITY: CSV formula injection. A spreadsheet app runs a cell that starts with `=`, `+`,
 * `-` or `@` as a formula, so a student who names themselves `=HYPERLINK(...)` could make an
 * owner's spreadsheet fetch a URL or worse. Export prefixes such text cells with a single
 * quote, which spreadsheets show as plain text (OWASP's advice). Numbers and dates we write
 * ourselves are never prefixed: a negative amount stays a number. Tab and carriage return
 * starts are guarded too, as OWASP lists them.
 *
 * A phone number (`+1 518-555-0100`) is written as it is: a cell of only digits, a leading
 * `+`, spaces, dashes, dots and parentheses holds no letter, quote, `!` or `|`, so it can name
 * no function, no cell and no other program. A spreadsheet reads it as text or at most as
 * arithmetic on its digits; the quote would only show in the owner's spreadsheet.
 *
 * Import undoes exactly this: a leading `'` followed by one of those characters is taken
 * as our guard and removed, so an exported file imports back to the same values (an earlier
 * export's guarded phone numbers too).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as it should go into a CSV cell, guarded when a spreadsheet would run it. */
export function guardCell(text: string): string {
  return FORMULA_START.test(text) && !isPhoneNumberText(text) ? `'${text}` : text;
}

/** The text as it was before `guardCell`, for a cell read back by the import. */
export function unguardCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
