import { useEffect, useState } from 'react';

/**
 * Whole seconds until `until` (unix ms), counting down once a second and stopping at 0;
 * undefined when there is nothing to wait for. For the screens that say "… in 12 s".
 */
export function useSecondsUntil(until: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined) return;
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, 1000);
    // The first tick at once, so a wait noted a while after the last render starts right.
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [until]);
  if (until === undefined) return undefined;
  return Math.max(0, Math.ceil((until - now) / 1000));
}
