import { useVirtualizer } from '@tanstack/react-virtual';
import i18next from 'i18next';
import {
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MutableRefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityName, RecordOf } from '../../shared/entities';
import { recordLabel } from '../../shared/record-label';
import { PendingMark } from '../components/pending-mark';
import type { ListParams } from '../data/entity-queries';
import { COLUMNS, type Column } from './columns';
import { useColumns } from './use-columns';
import { CHECK_CELL, inDomOrder, slotOf } from './row-layout';
import { CHUNK_SIZE, type ListRows } from './use-list-rows';

/** The mark beside a sorted column's header (hidden from screen readers: aria-sort says it). */
const SORT_MARKS = { ascending: '▲', descending: '▼' } as const;

/** Fixed row height in pixels: fixed rows let the virtualizer place 100,000 rows by arithmetic. */
export const ROW_HEIGHT = 40;
/** Rows rendered (and fetched) beyond each edge of the view. */
export const OVERSCAN = 10;
const PAGE_ROWS = 10;
/**
 * Chunks fetched beyond each end of the rendered rows. A chunk then arrives before its rows
 * scroll into view, even at a fast fling, so rows are drawn once, with their data, instead of
 * as skeletons first and again when the data lands.
 */
export const PREFETCH_CHUNKS = 1;

type Props<E extends EntityName> = {
  entity: E;
  params: ListParams<E>;
  rows: ListRows<E>;
  /** The chunks of the rows in the DOM changed: fetch those. */
  onRange: (firstChunk: number, lastChunk: number) => void;
  onSort: (sort: string) => void;
  onOpen: (id: string) => void;
  /** Ids of rows whose edits have not reached the school yet: they carry a mark. */
  pending?: ReadonlySet<string>;
  /** Students only: ticked rows, for bulk enroll (id → name). */
  selected?: ReadonlyMap<string, string>;
  onToggle?: (id: string, title: string) => void;
  /** Given the way into the grid from outside: it focuses the first row (the search's ↓). */
  enterRef?: MutableRefObject<(() => void) | null>;
};

/**
 * The rows of a list as an ARIA grid: one tab stop (the active row), arrows, Page Up/Down,
 * Home/End move between rows, Enter opens, Space ticks a student. Only the rows in view (and
 * {@link OVERSCAN} either side) are in the DOM and only their chunks are fetched; a row whose
 * chunk has not answered yet shows as a skeleton.
 */
export function ListGrid<E extends EntityName>(props: Props<E>) {
  const { entity, params, rows, onRange, onSort, onOpen, pending, selected, onToggle } = props;
  const { t } = useTranslation('lists');
  // Not generic: the catalog's keys are typed by the four areas' names.
  const area: EntityName = entity;
  const selectable = !!onToggle;
  const scrollRef = useRef<HTMLDivElement>(null);
  // The body as state too: its width and font decide the columns (use-columns.ts).
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const bodyRef = useCallback((element: HTMLDivElement | null) => {
    scrollRef.current = element;
    setBody(element);
  }, []);
  // Unreadable records are left out, so the grid has fewer rows than the school's count.
  const count = rows.rowCount ?? 0;
  // The active row belongs to one search, sort and filter; a new one starts at the top.
  const paramsKey = JSON.stringify(params);
  const [activeAt, setActiveAt] = useState({ paramsKey, index: 0 });
  const active = activeAt.paramsKey === paramsKey ? activeAt.index : 0;
  const setActive = (index: number) => setActiveAt({ paramsKey, index });
  // Stable across renders, so unchanged rows skip rendering while the list scrolls.
  const setActiveIndex = useCallback(
    (index: number) =>
      setActiveAt((current) =>
        current.paramsKey === paramsKey && current.index === index ? current : { paramsKey, index },
      ),
    [paramsKey],
  );
  const focusWanted = useRef(false);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render on purpose
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // The header row sits above the rows in the same scroller, and stays over them (sticky):
    // the rows start below it, and a row scrolled to is never left under it.
    scrollMargin: ROW_HEIGHT,
    scrollPaddingStart: ROW_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const { columns, cellStyles, rowWidth } = useColumns(
    COLUMNS[entity] as readonly Column<E>[],
    items.map((item) => rows.rowAt(item.index)),
    body,
    selectable,
  );

  // Tell the list which chunks to fetch: those of the rendered rows (view plus overscan) and
  // the next ones either side. Only a change of chunk re-renders the list around the grid, not
  // every scrolled row.
  // Chunks are the school's positions, which run ahead of the rows by the unreadable records.
  const chunkAt = (index: number) => Math.floor(rows.positionOf(index) / CHUNK_SIZE);
  const firstChunk = Math.max(0, chunkAt(items[0]?.index ?? 0) - PREFETCH_CHUNKS);
  const lastChunk = chunkAt(items[items.length - 1]?.index ?? 0) + PREFETCH_CHUNKS;
  useEffect(() => onRange(firstChunk, lastChunk), [firstChunk, lastChunk, onRange]);

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [paramsKey]);

  const lastIndex = Math.max(0, count - 1);
  const activeIndex = Math.min(active, lastIndex);
  const inView = items.some((v) => v.index === activeIndex);
  const tabStop = inView ? activeIndex : (items[0]?.index ?? 0);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(lastIndex, index));
    focusWanted.current = true;
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    scrollRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
  };

  // Refreshed after every render, so it moves within the rows of the current search.
  const { enterRef } = props;
  useEffect(() => {
    if (!enterRef) return;
    enterRef.current = () => {
      if (count > 0) moveTo(0);
    };
    return () => {
      enterRef.current = null;
    };
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabStop;
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + PAGE_ROWS,
      PageUp: current - PAGE_ROWS,
      Home: 0,
      End: lastIndex,
    };
    const target = moves[event.key];
    if (target !== undefined && count > 0) {
      event.preventDefault();
      moveTo(target);
      return;
    }
    // Enter and Space act on the focused row itself, not on a control inside it.
    const row = rows.rowAt(current);
    const onRow = (event.target as HTMLElement).getAttribute('role') === 'row';
    if (!row || !onRow) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(row.id);
    } else if (event.key === ' ' && onToggle) {
      event.preventDefault();
      onToggle(row.id, recordLabel(entity, row) ?? '');
    }
  };

  return (
    <div
      role="grid"
      aria-label={t(`grid.${area}`)}
      aria-rowcount={count + 1}
      aria-busy={rows.isPending || rows.isRefreshing}
      className="list-grid"
    >
      {/* One scroller for the header and the rows, both ways: the header keeps to the top
          (sticky) and moves sideways with the rows, so each header stays over its cells
          whatever scrolls it (a wheel, a focused sort button, a row brought into view). */}
      <div ref={bodyRef} className="list-body">
        <div role="rowgroup" className="list-head" style={{ minWidth: rowWidth }}>
          <div role="row" aria-rowindex={1} className="list-row">
            {selectable ? (
              <div role="columnheader" className="list-cell" style={CHECK_CELL}>
                <span className="visually-hidden">{t('row.selectedColumn')}</span>
              </div>
            ) : null}
            {columns.map((column, columnIndex) => (
              <HeaderCell
                key={column.id}
                column={column}
                style={cellStyles[columnIndex]!}
                sort={params.sort}
                onSort={onSort}
              />
            ))}
          </div>
        </div>
        <div
          role="rowgroup"
          className="list-sizer"
          onKeyDown={onKeyDown}
          style={{ height: virtualizer.getTotalSize(), minWidth: rowWidth }}
        >
          {inDomOrder(items, virtualizer.isScrolling).map((item) => {
            const row = rows.rowAt(item.index);
            return (
              <GridRow
                // Keys repeat every `items.length` rows, so a row scrolled out hands its DOM
                // nodes to the row scrolled in: React updates text instead of rebuilding rows,
                // which is what keeps fast scrolling within a frame.
                key={slotOf(item, items.length)}
                entity={entity}
                index={item.index}
                start={item.start - ROW_HEIGHT}
                row={row}
                columns={columns}
                cellStyles={cellStyles}
                selectable={selectable}
                selected={selectable && row ? selected?.has(row.id) === true : undefined}
                pending={row ? pending?.has(row.id) === true : false}
                tabStop={item.index === tabStop}
                takeFocusRef={
                  item.index === activeIndex && focusWanted.current ? focusWanted : undefined
                }
                onActivate={setActiveIndex}
                onOpen={onOpen}
                onToggle={onToggle}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

function HeaderCell<E extends EntityName>({
  column,
  style,
  sort,
  onSort,
}: {
  column: Column<E>;
  style: CSSProperties;
  sort: string | undefined;
  onSort: (sort: string) => void;
}) {
  const key = column.sortKey;
  if (!key)
    return (
      <div role="columnheader" className="list-cell" style={style}>
        {column.label()}
      </div>
    );
  const direction = sort === key ? 'ascending' : sort === `-${key}` ? 'descending' : undefined;
  return (
    <div role="columnheader" className="list-cell sort-cell" aria-sort={direction} style={style}>
      <button
        type="button"
        className="sort-button"
        onClick={() => onSort(direction === 'ascending' ? `-${key}` : key)}
      >
        {column.label()}
        <span aria-hidden="true" className="sort-mark">
          {direction ? SORT_MARKS[direction] : ''}
        </span>
      </button>
    </div>
  );
}

type GridRowProps<E extends EntityName> = {
  entity: E;
  index: number;
  start: number;
  row: RecordOf<E> | undefined;
  columns: readonly Column<E>[];
  cellStyles: readonly CSSProperties[];
  selectable: boolean;
  selected: boolean | undefined;
  /** The row has edits not yet at the school: its first cell shows the mark. */
  pending: boolean;
  tabStop: boolean;
  /** Set on the row keyboard navigation moved to: it takes focus once it is in the DOM. */
  takeFocusRef: MutableRefObject<boolean> | undefined;
  onActivate: (index: number) => void;
  onOpen: (id: string) => void;
  onToggle: ((id: string, title: string) => void) | undefined;
};

/**
 * One row of the grid. Memoised: while the list scrolls, only rows whose record, position or
 * state changed render again.
 */
const GridRow = memo(function GridRow<E extends EntityName>(props: GridRowProps<E>) {
  const { entity, index, start, row, columns, cellStyles, selectable, selected, tabStop } = props;
  const { pending, takeFocusRef, onActivate, onOpen, onToggle } = props;
  // Not useTranslation: a row renders on every scrolled frame; it renders again anyway when
  // the language changes, since its columns are measured again.
  const t = i18next.t;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-index={index}
      tabIndex={tabStop ? 0 : -1}
      className={`list-row list-item${row ? '' : ' loading'}`}
      style={{ transform: `translateY(${start}px)` }}
      ref={(element) => {
        if (element && takeFocusRef?.current) {
          takeFocusRef.current = false;
          element.focus({ preventScroll: true });
        }
      }}
      onFocus={() => onActivate(index)}
      onClick={() => {
        onActivate(index);
        if (row) onOpen(row.id);
      }}
    >
      {selectable ? (
        <div role="gridcell" className="list-cell" style={CHECK_CELL}>
          {row ? (
            <input
              type="checkbox"
              tabIndex={-1}
              aria-label={t('lists:row.select', { title: recordLabel(entity, row) ?? '' })}
              checked={selected === true}
              onClick={(event) => event.stopPropagation()}
              onChange={() => onToggle?.(row.id, recordLabel(entity, row) ?? '')}
            />
          ) : null}
        </div>
      ) : null}
      {columns.map((column, columnIndex) => (
        <div role="gridcell" key={column.id} className="list-cell" style={cellStyles[columnIndex]}>
          {row ? (
            <>
              {/* Before the text, which a narrow cell cuts short. */}
              {pending && columnIndex === 0 ? <PendingMark /> : null}
              {column.text(row)}
            </>
          ) : (
            <>
              <span className="skeleton" aria-hidden="true" />
              {columnIndex === 0 ? (
                <span className="visually-hidden">{t('lists:row.loading')}</span>
              ) : null}
            </>
          )}
        </div>
      ))}
    </div>
  );
}) as <E extends EntityName>(props: GridRowProps<E>) => React.ReactElement;
