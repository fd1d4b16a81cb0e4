import type { VirtualItem } from '@tanstack/react-virtual';
import type { CSSProperties } from 'react';

/*
 * How the list grid lays out its rows. Rows are laid out again every frame while a list
 * scrolls, so these choices are about keeping that work small.
 */

/** The tick box column of the students list. */
export const CHECK_CELL: CSSProperties = { flex: '0 0 2.75rem' };

/**
 * A column's width: a `share` of the room left (like `2fr`) that never goes below `min`, or a
 * `fixed` length that may shrink to 3rem when a record panel narrows the list.
 */
export type ColumnWidth = { share: number; min: string } | { fixed: string };

export const share = (fr: number, min: string): ColumnWidth => ({ share: fr, min });
export const fixed = (length: string): ColumnWidth => ({ fixed: length });

/**
 * A column's width as flex sizes. Rows are flex rather than grid boxes: a grid sizes its
 * tracks again for every row laid out, and flex rows measured about 0.7 ms a frame cheaper.
 */
export function cellStyleOf(width: ColumnWidth): CSSProperties {
  if ('share' in width) return { flex: `${width.share} 1 0`, minWidth: width.min };
  return { flex: `0 1 ${width.fixed}`, minWidth: '3rem' };
}

/** The DOM row (React key) a virtual row is drawn in; it repeats every `slots` rows. */
export const slotOf = (item: VirtualItem, slots: number) => item.index % slots;

/**
 * The rendered rows in the order their nodes go in the DOM. While the list scrolls they keep
 * the order of their slots, so a reused node stays where it is: moving it to the end, as
 * screen order would need each frame, makes the browser rebuild its layout boxes, which
 * measured about a quarter of a frame's work. Rows are placed by `transform`, so the look is
 * the same. Once the list is still the DOM follows the screen again, for screen readers'
 * reading order.
 */
export function inDomOrder(items: VirtualItem[], isScrolling: boolean): VirtualItem[] {
  if (!isScrolling) return items;
  return [...items].sort((a, b) => slotOf(a, items.length) - slotOf(b, items.length));
}
