/**
 * How a call to the platform's business API (or a read of this computer's copy of it) can
 * fail. Core raises these codes; the renderer writes the sentence (`errors:<code>`) and, for
 * some, a way forward: the conflict view on `precondition_failed`, field messages on
 * `validation_failed`.
 */
export const PLATFORM_ERROR_CODES = [
  // Also the sign-in's (auth-errors): one catalog entry per code.
  'invalid_response',
  'network_error',
  'rate_limited',
  'server_error',
  'not_found',
  'validation_failed',
  'precondition_failed',
  'request_failed',
  // A create sent again after a lost answer, with other values than the first time: the
  // first attempt made the record (the platform keeps only successful attempts' keys).
  'already_created',
  // A row's request had left when Cancel came: the platform may have carried it out anyway.
  'job_cancelled',
  'job_unknown',
  // Offline: the school does not answer (a failed request, a timeout, a 5xx). Writes fail at
  // once with this rather than wait; the sync status says when the next try is.
  'school_unreachable',
  // A read of an area that was never copied, while the school does not answer. Core does not
  // know which screen asked, so the renderer names the area (`errors:not_synced_offline_area`).
  'not_synced_offline',
  // A page of the school's copy on this computer failed its check when read: the copy is set
  // aside (its unsent changes moved to the new one, if they read) and the school copied
  // again, so trying again soon answers.
  'copy_damaged',
  // A read the screen waits on that the school answers too slowly (it drips its answer), when
  // the copy holds nothing to show instead.
  'school_slow',
  // Sign-out never wipes edits the school has not received unless the owner chose to.
  'unsent_changes',
] as const;

/** One of the named platform failures. */
export type PlatformErrorCode = (typeof PLATFORM_ERROR_CODES)[number];
