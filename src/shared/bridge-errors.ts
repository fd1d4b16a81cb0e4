/**
 * Error codes of the bridge itself, beside the sign-in codes. Kept apart from the contract so
 * the renderer can name them without bundling zod; their sentences are `errors:<code>`.
 */
export const BRIDGE_ERROR_CODES = [
  'invalid_request',
  'unknown_channel',
  'forbidden',
  'internal',
] as const;

/** One of the bridge's own failures. */
export type BridgeErrorCode = (typeof BRIDGE_ERROR_CODES)[number];
