import { useEffect, useState } from 'react';

/**
 * The time now, in Unix milliseconds: read when the component mounts, then renewed every
 * `everyMs` while `ticking`, which is what a countdown needs to count down (give the
 * component a key that changes with what it counts to, so it starts from a fresh reading).
 */
export function useNow(ticking: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [ticking, everyMs]);
  return now;
}
