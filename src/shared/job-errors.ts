/**
 * Why a row of a long operation (import, bulk enroll, generate codes) did not go, beside the
 * platform's and the field rules' codes. The English reference, with values as ICU
 * arguments: core sends the code and its values with each row result (and this sentence, for
 * logs), and the renderer writes it in the owner's language (`errors:<code>`).
 */
export const JOB_ERRORS = {
  /** An e-mail an earlier row of the file already has; `row` counts data rows from 1. */
  duplicate_email: 'Same e-mail as row {row}',
  /** A student ticked twice in one bulk enroll. */
  listed_twice: 'Listed twice',
  /** Every code drawn for a row was taken. */
  codes_exhausted: 'Every code tried for this row is already on file. Try a pattern with more #.',
  /** A row that broke a rule the check could not name. */
  invalid_row: 'Invalid row',
} as const;

/** One of the named row failures. */
export type JobErrorCode = keyof typeof JOB_ERRORS;

/** A row's values, as a result carries them across the bridge. */
export type ErrorParams = Record<string, string | number>;

/** The English sentence of a row failure with its values in place ("Same e-mail as row 6"). */
export function jobErrorMessage(code: JobErrorCode, params: ErrorParams = {}): string {
  return JOB_ERRORS[code].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
