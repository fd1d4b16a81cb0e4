/**
 * Every way signing in, staying signed in or signing out can fail, with the sentence a school
 * owner sees. Core raises these codes; the renderer shows the sentence and a way forward.
 */
export const AUTH_ERRORS = {
  invalid_school_address:
    'That does not look like a school address. Type it like https://school.example.com.',
  discovery_failed:
    'Schooldesk could not read the sign-in settings of that school. Check the address and your connection.',
  issuer_mismatch:
    'The school’s sign-in settings name a different school. Schooldesk stopped to keep your account safe.',
  resource_mismatch:
    'The school’s API describes itself with a different address. Schooldesk stopped to keep your account safe.',
  insecure_endpoint:
    'The school asks Schooldesk to sign in over an unencrypted connection. Schooldesk refused.',
  pkce_unsupported:
    'This school does not offer the secure sign-in method Schooldesk needs (PKCE with S256).',
  registration_unsupported:
    'This school does not let apps register themselves, so Schooldesk cannot sign in to it.',
  registration_failed: 'The school refused to register Schooldesk as an app.',
  redirect_refused: 'The school does not accept sign-in returns to this computer.',
  listener_failed:
    'Schooldesk could not open a local port to receive the sign-in. Close other apps that may use it and try again.',
  browser_failed: 'Schooldesk could not open your browser. Use the sign-in link instead.',
  state_mismatch: 'The sign-in answer did not belong to this attempt. Start the sign-in again.',
  iss_mismatch:
    'The sign-in answer came from a different school than expected. Schooldesk stopped to keep your account safe.',
  access_denied:
    'Access was not allowed in the browser. Sign in again and choose Allow to continue.',
  authorization_failed: 'The school could not complete the sign-in.',
  invalid_grant: 'Your sign-in has ended. Sign in again.',
  invalid_client: 'The school no longer recognises Schooldesk. Sign in again to register it anew.',
  token_failed: 'The school did not hand out access after sign-in. Try again.',
  subject_mismatch:
    'The school answered with a different account than the one that signed in. Sign in again.',
  audience_mismatch:
    'The school handed out access for a different school than the one you signed in to. Schooldesk refused it to keep your account safe.',
  account_changed:
    'You signed in as a different account than the one Schooldesk uses for this school, so nothing was changed. To use the other account, sign out of this school first.',
  insufficient_scope: 'This needs more access than you granted. Allow it to continue.',
  step_up_limit: 'Schooldesk asked for more access several times without success. Sign in again.',
  timeout: 'The sign-in took too long. Start it again when you are ready.',
  cancelled: 'The sign-in was cancelled.',
  // The same sentence as the platform's network_error and invalid_response: the renderer writes
  // a code's sentence from one catalog entry, whichever side raised it.
  network_error:
    'Schooldesk could not reach the school. Check the address and your connection, then try again.',
  no_answer: 'The school did not answer in time. Check your connection, or try again in a moment.',
  invalid_response: 'The school sent an answer Schooldesk could not read.',
  not_signed_in: 'You are not signed in to this school.',
  stored_session_unreadable:
    'Your saved sign-in could not be read on this computer. Sign in again.',
  revocation_failed:
    'You are signed out on this computer, but the school could not be told to cancel Schooldesk’s access.',
  revocation_pending:
    'Signed out on this computer. The school has not yet confirmed that Schooldesk’s access is cancelled; Schooldesk will try again when it starts.',
  revocation_pending_memory:
    'Signed out on this computer. The school has not yet confirmed that Schooldesk’s access is cancelled. Schooldesk will try again while it stays open, but not after you quit it: this computer has no keyring to keep the request safe until then.',
  revocation_refused:
    'Signed out on this computer, but the school refused to cancel Schooldesk’s access, and asking again would not help. You can remove Schooldesk’s access in your school’s own settings.',
} as const;

/** One of the named sign-in failures. */
export type AuthErrorCode = keyof typeof AUTH_ERRORS;

/**
 * How a sign-out the school did not confirm ended: retried until it does (kept on disk, or in
 * memory only where there is no keyring), or refused for good.
 */
export const SIGN_OUT_UNCONFIRMED = [
  'revocation_pending',
  'revocation_pending_memory',
  'revocation_refused',
] as const satisfies readonly AuthErrorCode[];

/** A sign-out the school did not confirm. */
export type SignOutUnconfirmed = (typeof SIGN_OUT_UNCONFIRMED)[number];
