import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { EntityName, RecordOf } from '../../shared/entities';
import { listWindowQuery, type ListParams } from '../entity-queries';

/**
 * Rows per request: one of the server's 50-row pages. A screen shows 15 to 30 rows, so one
 * or two chunks cover the view; and a search over 100,000 students costs the platform a scan
 * per page, so opening a list or searching asks for one page, not two.
 */
export const CHUNK_SIZE = 50;

/** What a list shows: the total, the rows it has, and how the first chunk is doing. */
export type ListRows<E extends EntityName> = {
  /** Undefined until the first chunk answered. */
  totalCount: number | undefined;
  /** The row at an index, or undefined while its chunk loads (shown as a skeleton). */
  rowAt: (index: number) => RecordOf<E> | undefined;
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
  issuer: string,
  entity: E,
  params: ListParams<E>,
  first: number,
  last: number,
): ListRows<E> {
  const head = useQuery(listWindowQuery(issuer, entity, params, 0, CHUNK_SIZE));
  const chunks: number[] = [];
  for (let c = Math.max(1, Math.floor(first / CHUNK_SIZE)); c <= last / CHUNK_SIZE; c += 1)
    chunks.push(c);
  const others = useQueries({
    queries: chunks.map((c) => ({
      ...listWindowQuery(issuer, entity, params, c * CHUNK_SIZE, CHUNK_SIZE),
      placeholderData: undefined,
      // Only once this search has its own first answer: a previous search's total must not
      // start fetches for the new one, which would compete with its first chunk.
      enabled:
        head.data !== undefined && !head.isPlaceholderData && c * CHUNK_SIZE < head.data.totalCount,
    })),
  });

  const rowAt = (index: number): RecordOf<E> | undefined => {
    const chunk = Math.floor(index / CHUNK_SIZE);
    const data = chunk === 0 ? head.data : others[chunks.indexOf(chunk)]?.data;
    return data?.rows[index % CHUNK_SIZE] as RecordOf<E> | undefined;
  };

  return {
    totalCount: head.data?.totalCount,
    rowAt,
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

/** `value`, but only once it has stayed the same for `delayMs` (search as you type). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
