import { useQueries, useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import type { EntityName, RecordOf } from '../../shared/entities';
import { listWindowQuery, type ListParams } from '../data/entity-queries';

/**
 * Rows per request: one of the server's 50-row pages. A screen shows 15 to 30 rows, so one
 * or two chunks cover the view; and a search over 100,000 students costs the platform a scan
 * per page, so opening a list or searching asks for one page, not two.
 */
export const CHUNK_SIZE = 50;

/** What a list shows: the total, the rows it has, and how the first chunk is doing. */
export type ListRows<E extends EntityName> = {
  /** The school's count of matching records; undefined until the first chunk answered. */
  totalCount: number | undefined;
  /** Rows the list shows: the total less the records known to be unreadable. */
  rowCount: number | undefined;
  /**
   * Records of the chunks read so far that did not match their schema and are left out.
   * Chunks not fetched yet may hold more, so a long list counts them as it scrolls.
   */
  unreadable: number;
  /** The row at an index, or undefined while its chunk loads (shown as a skeleton). */
  rowAt: (index: number) => RecordOf<E> | undefined;
  /** The school's position of the row at an index (past the unreadable records before it). */
  positionOf: (index: number) => number;
  /** The first answer is still pending (nothing to show yet). */
  isPending: boolean;
  /** A newer search or sort is loading; older rows stay on screen meanwhile. */
  isRefreshing: boolean;
  error: unknown;
  /** Some chunk other than the first failed. */
  chunkFailed: boolean;
  retry: () => void;
};

/**
 * Fetches a list by chunks of {@link CHUNK_SIZE} rows, only those that cover `[first, last]`
 * (the rows in view, their overscan and the chunks prefetched beyond them). Chunk 0 is always
 * read: it carries the total count and keeps the previous answer on screen while a new search
 * loads. Other chunks never show a previous answer, since at another offset it would be the
 * wrong rows.
 */
export function useListRows<E extends EntityName>(
  schoolId: string,
  entity: E,
  params: ListParams<E>,
  first: number,
  last: number,
): ListRows<E> {
  const head = useQuery(listWindowQuery(schoolId, entity, params, 0, CHUNK_SIZE));
  const chunks: number[] = [];
  for (let c = Math.max(1, Math.floor(first / CHUNK_SIZE)); c <= last / CHUNK_SIZE; c += 1)
    chunks.push(c);
  const others = useQueries({
    queries: chunks.map((c) => ({
      ...listWindowQuery(schoolId, entity, params, c * CHUNK_SIZE, CHUNK_SIZE),
      placeholderData: undefined,
      // Only once this search has its own first answer: a previous search's total must not
      // start fetches for the new one, which would compete with its first chunk.
      enabled:
        head.data !== undefined && !head.isPlaceholderData && c * CHUNK_SIZE < head.data.totalCount,
    })),
  });

  // Unreadable records per chunk: those of the chunks answering now, over those remembered
  // for this search (a chunk scrolled out of range still shifts the rows after it).
  const key = JSON.stringify([schoolId, entity, params]);
  const answering: [number, number][] = [];
  if (head.data && !head.isPlaceholderData) answering.push([0, head.data.unreadable ?? 0]);
  chunks.forEach((c, i) => {
    const data = others[i]?.data;
    if (data) answering.push([c, data.unreadable ?? 0]);
  });
  const signature = answering.map(([c, n]) => `${c}:${n}`).join(',');
  const [remembered, setRemembered] = useState<Missing>({ key, byChunk: new Map() });
  // Adjusting state while rendering (React's pattern for "information from previous renders"):
  // React renders again at once with the new state, before anything reaches the screen.
  const missing = remember(remembered, key, signature);
  if (missing !== remembered) setRemembered(missing);
  const holes = holesOf(missing.byChunk);
  const unreadable = holes.reduce((sum, [, n]) => sum + n, 0);

  const positionOf = (index: number) => positionPast(holes, index);
  const rowAt = (index: number): RecordOf<E> | undefined => {
    const position = positionOf(index);
    const chunk = Math.floor(position / CHUNK_SIZE);
    const data = chunk === 0 ? head.data : others[chunks.indexOf(chunk)]?.data;
    return data?.rows[position % CHUNK_SIZE] as RecordOf<E> | undefined;
  };

  const totalCount = head.data?.totalCount;
  return {
    totalCount,
    rowCount: totalCount === undefined ? undefined : Math.max(0, totalCount - unreadable),
    unreadable,
    rowAt,
    positionOf,
    isPending: head.isPending,
    isRefreshing: head.isPlaceholderData,
    error: head.error,
    chunkFailed: others.some((q) => q.isError),
    retry: () => {
      void head.refetch();
      for (const q of others) if (q.isError) void q.refetch();
    },
  };
}

/** Unreadable records by chunk number, for one list and search (`key`). */
type Missing = { key: string; byChunk: ReadonlyMap<number, number> };

/**
 * `current` with the chunks of `signature` (`chunk:unreadable,...`) written over it; the same
 * object when nothing changed (so the state update is a no-op), a fresh one for a new key.
 */
function remember(current: Missing, key: string, signature: string): Missing {
  const byChunk = new Map(current.key === key ? current.byChunk : []);
  let changed = current.key !== key;
  for (const entry of signature ? signature.split(',') : []) {
    const [chunk, count] = entry.split(':').map(Number) as [number, number];
    if ((byChunk.get(chunk) ?? 0) === count) continue;
    changed = true;
    if (count > 0) byChunk.set(chunk, count);
    else byChunk.delete(chunk);
  }
  return changed ? { key, byChunk } : current;
}

/** The chunks with unreadable records, in order, as [chunk, count]. */
function holesOf(byChunk: ReadonlyMap<number, number>): [number, number][] {
  return [...byChunk].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
}

/**
 * The school's position of the list's row `index`. A chunk's answer holds its readable rows
 * first, so its unreadable records are a gap at the chunk's end: the rows after the gap
 * move up by its size. (In the last chunk the gap lies past the last row shown.)
 */
export function positionPast(holes: readonly (readonly [number, number])[], index: number): number {
  let position = index;
  for (const [chunk, count] of holes) {
    if (position < (chunk + 1) * CHUNK_SIZE - count) break;
    position += count;
  }
  return position;
}

/**
 * `value`, but only once it has stayed the same for `delayMs` (search as you type). With
 * `leading`, a change that follows a pause of `delayMs` or more is taken at once (a pasted
 * term, the first key after a pause); the changes that follow it closely still wait for the
 * pause, so a burst of keys costs one search at its start and one at its end.
 */
export function useDebounced<T>(value: T, delayMs: number, { leading = false } = {}): T {
  const [settled, setSettled] = useState(value);
  const changedAt = useRef(Number.NEGATIVE_INFINITY);
  // A layout effect: a change taken at once is drawn in the same frame as the typing.
  useLayoutEffect(() => {
    const now = performance.now();
    const paused = now - changedAt.current >= delayMs;
    changedAt.current = now;
    if (leading && paused) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, leading]);
  return settled;
}
