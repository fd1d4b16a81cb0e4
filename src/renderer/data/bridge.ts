import type { SchooldeskApi } from '../../shared/bridge-api';
import type { ErrorDetails, Result } from '../../shared/contract';

/**
 * A coded error, and what the screen needs to offer a way forward (field messages, the
 * server's version, missing scopes). The screen writes the code's sentence (errorText).
 */
export type UiError = { code: string; details?: ErrorDetails };

/** Thrown by {@link unwrap} so TanStack Query and mutations see coded failures as errors. */
export class BridgeError extends Error {
  constructor(
    readonly code: string,
    readonly details?: ErrorDetails,
  ) {
    // The code as the message: it is what a log or a stack shows; the owner reads errorText.
    super(code);
    this.name = 'BridgeError';
  }
}

/**
 * The bridge, looked up on each call rather than captured at import time, so the module can
 * load (and be tested) before a host installs `window.schooldesk`.
 */
export function bridge(): SchooldeskApi {
  return window.schooldesk;
}

/** Whether a host installed the bridge; without one the app cannot do anything. */
export function hasBridge(): boolean {
  return typeof window !== 'undefined' && 'schooldesk' in window;
}

/** Answers the data of a successful result, or throws its coded error as a {@link BridgeError}. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.data;
  throw new BridgeError(result.error.code, result.error.details);
}

/**
 * Turns anything a bridge call rejected or threw with into a coded sentence. Coded results
 * pass through; a transport failure (which may reject) becomes the bridge's `internal`
 * sentence, because a stack or a raw message means nothing to a school owner.
 */
export function toUiError(error: unknown): UiError {
  if (error instanceof BridgeError)
    return error.details ? { code: error.code, details: error.details } : { code: error.code };
  return { code: 'internal' };
}
