import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type RefObject } from 'react';

/** A tree row's height in rem (records.css `.tree-row`); every row has it, so none is measured. */
export const TREE_ROW_REM = 2.1;
/** Rows drawn beyond the view on either side, so a quick scroll or key press finds them there. */
const OVERSCAN = 15;

/** The nearest ancestor that scrolls (the record panel's body), or null. */
function scrollParentOf(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

/**
 * Which rows of a long tree to draw: those in view of the scroller that holds it, a margin
 * either side, and the rows in `keep` (the focused item, the one being renamed) wherever
 * they are, so the focus never lands on a row that is not there. TanStack Virtual does the
 * counting; the tree draws spacers for the rest, so its height stays that of every row.
 */
export function useTreeWindow(
  treeRef: RefObject<HTMLElement | null>,
  count: number,
  keep: readonly (number | undefined)[],
) {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [margin, setMargin] = useState(0);
  const [rowPx] = useState(
    () => TREE_ROW_REM * parseFloat(getComputedStyle(document.documentElement).fontSize || '16'),
  );
  // Where the tree starts in the scroller's content: the form above it may grow or shrink, so
  // this runs after every render; it sets state only when the value moved, so it settles.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const tree = treeRef.current;
    const parent = scroller ?? scrollParentOf(tree);
    if (parent !== scroller) setScroller(parent);
    if (!tree || !parent) return;
    const top =
      tree.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop;
    if (Math.abs(top - margin) > 0.5) setMargin(top);
  });
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render on purpose
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller,
    estimateSize: () => rowPx,
    overscan: OVERSCAN,
    scrollMargin: margin,
    // Before the scroller is known, draw what a tall panel would show.
    initialRect: { width: 0, height: 1000 },
    rangeExtractor: (range) => {
      const rows = new Set(defaultRangeExtractor(range));
      for (const row of keep) if (row !== undefined && row < count) rows.add(row);
      return [...rows].sort((a, b) => a - b);
    },
  });
  const drawn = new Set(virtualizer.getVirtualItems().map((item) => item.index));
  return { drawn, rowPx };
}

/**
 * The drawn rows among `first` .. `first + count - 1`, as runs "a-b" (b excluded) relative to
 * `first`, joined by commas: a plain string, so a section re-renders only when its runs change.
 */
export function drawnRuns(drawn: ReadonlySet<number>, first: number, count: number): string {
  const runs: string[] = [];
  let start = -1;
  for (let i = 0; i <= count; i += 1) {
    const on = i < count && drawn.has(first + i);
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      runs.push(`${start}-${i}`);
      start = -1;
    }
  }
  return runs.join(',');
}

/** The runs of drawnRuns as [from, to) pairs. */
export function runsOf(runs: string): [number, number][] {
  if (runs === '') return [];
  return runs.split(',').map((run) => run.split('-').map(Number) as [number, number]);
}
