import type { NetworkHint } from './reachability';

/**
 * A NetworkHint over a host's yes/no question (Electron's `net.isOnline()`), which has no
 * change event in the main process: it is asked every `everyMs`, and listeners hear only
 * changes. The timer does not keep the process alive.
 */
export function pollingNetworkHint(isOnline: () => boolean, everyMs = 5_000): NetworkHint {
  let last = isOnline();
  const listeners = new Set<(online: boolean) => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  const poll = () => {
    const now = isOnline();
    if (now === last) return;
    last = now;
    for (const listener of listeners) listener(now);
  };
  return {
    online: () => last,
    onChange(listener) {
      listeners.add(listener);
      if (!timer) {
        timer = setInterval(poll, everyMs);
        timer.unref?.();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}
