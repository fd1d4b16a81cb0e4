import { PlatformError } from '../platform/errors';

/**
 * How long a read the owner waits on may take before the screen is answered anyway: from the
 * copy when it holds what was asked, else with `school_slow`. The platform client's own
 * deadlines (10 s to the answer's headers, 60 s to its end, one retry after a timeout) bound a
 * school that stops answering; a school that answers at once and then drips its body passes
 * the first and takes both minutes of the second before anyone hears of it.
 */
export const READ_DEADLINE_MS = 10_000;

/**
 * Runs `call` with a signal that the caller's own `signal` aborts, and that aborts by itself
 * after `ms` (false: never, for long operations, which wait as long as the platform client
 * lets them). Passing the deadline rejects with PlatformError `school_slow`, whatever the
 * aborted request reported (an abort, or an answer cut off); the request is cancelled, so its
 * connection is freed.
 */
export async function withReadDeadline<T>(
  ms: number | false,
  signal: AbortSignal | undefined,
  call: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (ms === false) return call(signal);
  // Not AbortSignal.any: with a long-lived caller signal Node keeps every combined signal
  // alive (nodejs/node#54614); the caller's is followed with a listener removed at the end.
  const request = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    request.abort();
  }, ms);
  const cancel = () => request.abort(signal?.reason);
  if (signal?.aborted) cancel();
  else signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await call(request.signal);
  } catch (error) {
    if (expired) throw new PlatformError('school_slow', { cause: error, detail: `${ms} ms` });
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}
