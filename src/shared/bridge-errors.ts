/**
 * Error codes of the bridge itself, beside the sign-in codes. Kept apart from the contract so
 * the renderer can show these sentences without bundling zod.
 */
export const BRIDGE_ERRORS = {
  invalid_request: 'Schooldesk received a request it could not understand.',
  unknown_channel: 'Schooldesk received a request for something it does not do.',
  forbidden: 'This request did not come from Schooldesk’s own window.',
  internal: 'Something went wrong inside Schooldesk. Try again.',
} as const;
