import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { ResultRow } from './job-progress';
import { ResultCells, ResultsHead, type OutcomeWords } from './result-cells';

/** The height a result row is drawn at before it is measured (one line of text). */
const ROW_HEIGHT = 30;
/** Rows drawn past either edge of the view, so scrolling shows no blank. */
const OVERSCAN = 12;

type Props = {
  rows: readonly ResultRow[];
  /** The owner's word for each outcome ("already on file"). */
  words: OutcomeWords;
  /** What a row is called in the first column's heading. */
  rowNoun: string;
  /** Names the scrolling box for assistive technology ("Every row"). */
  label: string;
};

/**
 * Every row of a finished operation with its outcome and why, in a box that scrolls. An
 * import names up to 50,000 rows, so only the rows in view (and a few either side) are drawn;
 * the table tells assistive technology how many rows it has and where each drawn one sits.
 */
export function EveryRowTable({ rows, words, rowNoun, label }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render on purpose
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  // Empty rows above and below the drawn ones keep the scroll height of the whole table.
  const above = items[0]?.start ?? 0;
  const below = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const spacer = (height: number) =>
    height > 0 ? (
      <tr aria-hidden="true" className="spacer">
        <td colSpan={4} style={{ height }} />
      </tr>
    ) : null;

  return (
    // A box that scrolls takes focus, so the keyboard can scroll it too.
    <div ref={scrollRef} className="every-row" role="region" aria-label={label} tabIndex={0}>
      <table className="job-problems" aria-rowcount={rows.length + 1}>
        <ResultsHead rowNoun={rowNoun} rowIndex={1} />
        <tbody>
          {spacer(above)}
          {items.map((item) => {
            const r = rows[item.index]!;
            return (
              <tr
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className={r.outcome}
              >
                <ResultCells row={r} words={words} />
              </tr>
            );
          })}
          {spacer(below)}
        </tbody>
      </table>
    </div>
  );
}
