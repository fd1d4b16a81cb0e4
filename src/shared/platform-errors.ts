/**
 * How a call to the platform's business API can fail, with the sentence an owner sees. Core
 * raises these codes; the renderer shows the sentence (and, for some, a way forward: the
 * conflict view on `precondition_failed`, field messages on `validation_failed`).
 */
export const PLATFORM_ERRORS = {
  // Worded as the sign-in's codes of the same name (see auth-errors): one sentence per code.
  invalid_response: 'The school sent an answer Schooldesk could not read.',
  network_error:
    'Schooldesk could not reach the school. Check the address and your connection, then try again.',
  rate_limited: 'The school is busy with too many requests; try again in a moment.',
  server_error: 'The school had a problem completing the request.',
  not_found: 'That record no longer exists on the school.',
  validation_failed: 'Some fields are not valid.',
  precondition_failed: 'The record changed on the school since you opened it.',
  request_failed: 'The school refused the request.',
  // A create sent again after a lost answer, with other values than the first time: the
  // first attempt made the record (the platform keeps only successful attempts' keys).
  already_created:
    'This was already created, with the values first sent. Close this form and find it in the list to change it.',
  // A row's request had left when Cancel came: the platform may have carried it out anyway.
  job_cancelled:
    'Cancelled while its request was on the way: the school may have done it anyway. Check before you run it again.',
  job_unknown: 'That operation has already finished or never started.',
  // Offline: the school does not answer (a failed request, a timeout, a 5xx). Writes fail at
  // once with this rather than wait; the sync status says when the next try is.
  school_unreachable: "Can't reach the school right now. Try again once it answers.",
  // A read of an area that was never copied, while the school does not answer. Core does not
  // know which screen asked, so the renderer names the area with notSyncedOfflineSentence.
  not_synced_offline:
    "This was never copied to this computer, so it can't be shown while the school can't be reached.",
  // A page of the school's copy on this computer failed its check when read: the copy is set
  // aside (its unsent changes moved to the new one, if they read) and the school copied
  // again, so trying again soon answers.
  copy_damaged:
    "This school's copy on this computer was damaged. Schooldesk set it aside and is copying the school again; try again in a moment.",
  // A read the screen waits on that the school answers too slowly (it drips its answer), when
  // the copy holds nothing to show instead.
  school_slow:
    "The school is answering too slowly, so this can't be shown yet. Try again in a moment.",
  // Sign-out never wipes edits the school has not received unless the owner chose to.
  unsent_changes:
    'Some changes have not been sent to the school yet. Send them first, or choose to discard them.',
} as const;

/** One of the named platform failures. */
export type PlatformErrorCode = keyof typeof PLATFORM_ERRORS;

/**
 * The `not_synced_offline` sentence naming what could not be shown, for a screen that knows
 * it: "Students were never copied to this computer, so they can't be shown while the school
 * can't be reached." `what` is a plural noun in lowercase ("students", "enrollments").
 */
export function notSyncedOfflineSentence(what: string): string {
  const name = what.charAt(0).toUpperCase() + what.slice(1);
  return `${name} were never copied to this computer, so they can't be shown while the school can't be reached.`;
}
