/**
 * Why a row of a long operation (import, bulk enroll, generate codes) did not go, beside the
 * platform's and the field rules' codes. Core sends the code and its values with each row
 * result; the renderer writes the sentence in the owner's language (`errors:<code>`).
 */
export const JOB_ERROR_CODES = [
  /** An e-mail an earlier row of the file already has; `row` counts data rows from 1. */
  'duplicate_email',
  /** A student ticked twice in one bulk enroll. */
  'listed_twice',
  /** Every code drawn for a row was taken. */
  'codes_exhausted',
  /** A row that broke a rule the check could not name. */
  'invalid_row',
] as const;
