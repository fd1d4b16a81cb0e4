/**
 * How a call to the platform's business API can fail, with the sentence an owner sees. Core
 * raises these codes; the renderer shows the sentence (and, for some, a way forward: the
 * conflict view on `precondition_failed`, field messages on `validation_failed`).
 */
export const PLATFORM_ERRORS = {
  invalid_response: 'The platform sent an answer Schooldesk does not understand.',
  network_error: 'The platform could not be reached. Check your connection and try again.',
  rate_limited: 'The platform is busy with too many requests; try again in a moment.',
  server_error: 'The platform had a problem completing the request.',
  not_found: 'That record no longer exists on the platform.',
  validation_failed: 'Some fields are not valid.',
  precondition_failed: 'The record changed on the platform since you opened it.',
  request_failed: 'The platform refused the request.',
  // A row's request had left when Cancel came: the platform may have carried it out anyway.
  job_cancelled:
    'Cancelled while its request was on the way: the platform may have done it anyway. Check before you run it again.',
  job_unknown: 'That operation has already finished or never started.',
} as const;

/** One of the named platform failures. */
export type PlatformErrorCode = keyof typeof PLATFORM_ERRORS;
