import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A screen's h1. It takes focus when the screen appears, so keyboard and screen-reader users
 * land at the top of the new screen instead of on a button that no longer exists.
 */
export function ScreenHeading({ children, id }: { children: ReactNode; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1}>
      {children}
    </h1>
  );
}
