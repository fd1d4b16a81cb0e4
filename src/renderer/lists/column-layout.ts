import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/*
 * How wide each column of a list is. Each column asks for its widest text (its header, every
 * word it can show, the rows drawn so far). When the list is too narrow for all of them, the
 * optional columns go first, least useful first; then the free-text columns (names, e-mails)
 * give way down to a floor and end their text in an ellipsis (the record panel shows it
 * whole), so a date or a status is never cut. What is still too wide scrolls sideways, the
 * header and the rows in one scroller (list-grid.tsx).
 */

/** What the layout needs to know of a column. */
export type ColumnFit = {
  /** The pixels its widest text needs, padding included. */
  need: number;
  /** Its share of spare room (0: exactly its need). */
  grow: number;
  /**
   * Set for a free-text column: the least it may shrink to when room is short, its text then
   * ending in an ellipsis. Unset: the column always has its need (set words, dates).
   */
  floor?: number | undefined;
  /** Set for a column the list can do without: the lower, the sooner it goes. */
  dropOrder?: number | undefined;
};

/** Which columns show, and the least width their row can have without cutting a set word. */
export type ColumnPlan = { shown: readonly boolean[]; total: number };

/**
 * The columns that fit in `width` pixels: all of them if they fit, else without the optional
 * columns, dropped one at a time in their order until the rest fit. Dropping stops once the
 * rest fit at their full need; the total is what they take with free text at its floor, so
 * the free-text columns shrink (rather than another column going) while that still fits, and
 * the row scrolls sideways only beyond it.
 */
export function planColumns(columns: readonly ColumnFit[], width: number): ColumnPlan {
  const shown = columns.map(() => true);
  const sum = (of: (c: ColumnFit) => number) =>
    columns.reduce((total, c, i) => total + (shown[i] ? of(c) : 0), 0);
  const droppable = columns
    .map((c, i) => ({ order: c.dropOrder, i }))
    .filter((c): c is { order: number; i: number } => c.order !== undefined)
    .sort((a, b) => a.order - b.order);
  for (const { i } of droppable) {
    if (sum((c) => c.need) <= width) break;
    shown[i] = false;
  }
  return { shown, total: Math.ceil(sum((c) => Math.min(c.floor ?? c.need, c.need))) };
}

/**
 * The style of a cell: its need as its basis, its share of what is left over, and for free
 * text a shrink down to its floor. The share is scaled by --list-grow, which the stylesheet
 * sets to 0 while a record lies over the list (record-layout.css), so the first columns keep
 * to their words and stay clear of the panel.
 */
export function cellStyleOf(fit: ColumnFit): { flex: string; minWidth?: string } {
  const grow = fit.grow === 0 ? '0' : `calc(var(--list-grow, 1) * ${fit.grow})`;
  const need = Math.ceil(fit.need);
  if (fit.floor === undefined || fit.floor >= need) return { flex: `${grow} 0 ${need}px` };
  return { flex: `${grow} 1 ${need}px`, minWidth: `${Math.ceil(fit.floor)}px` };
}

let canvas: HTMLCanvasElement | undefined;

/** Measures text in a CSS font, the way the browser lays it out (a canvas keeps no layout). */
export function textWidth(text: string, font: string): number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return text.length * 9;
  context.font = font;
  return context.measureText(text).width;
}

/** The CSS font shorthand of an element, at another weight if given. */
export function fontOf(element: Element, weight?: string): string {
  const style = getComputedStyle(element);
  return `${weight ?? style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
}

/** The inner width of an element (a list's body, without its scrollbar), followed as it changes. */
export function useInnerWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const update = () => setWidth(element.clientWidth);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The widest text each column has shown so far, growing as rows arrive and never shrinking
 * (a column that narrowed again while scrolling would make the rows jump). The rows of the
 * first layout are measured before the screen is painted, so the list never opens cut. A
 * wider row met later (while scrolling) widens its column once the rows stop arriving for a
 * moment: each widening lays out every visible row again, which takes a whole frame or more,
 * so it waits for a pause instead of dropping frames in the middle of a scroll. Until then
 * that row's text ends in an ellipsis. The widths start again when `resetKey` changes.
 */
export function useWidestTexts<R extends object>(
  rows: readonly R[],
  texts: (row: R) => readonly string[],
  measure: ((text: string) => number) | undefined,
  resetKey: string,
): readonly number[] {
  const seen = useRef<{ key: string; rows: WeakSet<R>; widest: number[] }>(null);
  const [widest, setWidest] = useState({ key: resetKey, widths: [] as readonly number[] });
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  useLayoutEffect(() => {
    if (!measure) return;
    if (seen.current?.key !== resetKey)
      seen.current = { key: resetKey, rows: new WeakSet<R>(), widest: [] };
    const current = seen.current;
    let grown = false;
    for (const row of rows) {
      if (current.rows.has(row)) continue;
      current.rows.add(row);
      texts(row).forEach((text, i) => {
        const width = measure(text);
        if (width > (current.widest[i] ?? 0)) {
          current.widest[i] = width;
          grown = true;
        }
      });
    }
    const apply = () => setWidest({ key: resetKey, widths: [...current.widest] });
    if (widest.key !== resetKey || (grown && widest.widths.length === 0)) apply();
    else if (grown) {
      clearTimeout(settle.current);
      settle.current = setTimeout(apply, SETTLE_MS);
    }
    // Every render: the rows drawn change as the list scrolls; a row seen before costs a lookup.
  }, [rows, texts, measure, resetKey, widest.key, widest.widths.length]);
  return widest.key === resetKey ? widest.widths : [];
}

/** How long rows must stop arriving before a column widens for them (a pause in scrolling). */
const SETTLE_MS = 200;
