import { useEffect, useRef } from 'react';

/**
 * A ref for something that opens below what the owner clicked (a form unfolding in a panel, a
 * list under a search box): when it shows, and again when `size` changes (its rows arrived),
 * whatever scrolls around it moves just enough to bring all of it into view. Nothing moves
 * when it is in view already.
 */
export function useIntoView<T extends HTMLElement>(shown: boolean, size?: number) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [shown, size]);
  return ref;
}
