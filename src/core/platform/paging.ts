/**
 * Mapping an offset/limit window onto the server's numbered pages: which pages cover it, in
 * what order they are asked for, and how the window is cut out of them. It takes the page
 * fetch as a function, so the arithmetic is tested on its own and the client keeps only the
 * sending and reading.
 */
import type { ListResult } from './platform-client';

/** A page request's query, as the list screens and sync ask for one. */
export type PageQuery = {
  q?: string;
  sort?: string;
  filters?: Record<string, string | number | boolean | null | undefined>;
  offset?: number;
  limit: number;
  signal?: AbortSignal;
  /** Only records with updatedAt >= this (unix seconds). */
  updatedSince?: number;
};

/** One server page as read: its records by position (undefined where one was unreadable). */
export type PageSlots<T> = { slots: (T | undefined)[]; totalCount: number; totalPages: number };

/** The URL of page `page` (of size `perPage`) of `collection` for `query`. */
export function pageUrl(collection: URL, query: PageQuery, page: number, perPage: number): URL {
  const url = new URL(collection);
  url.searchParams.set('page', String(page));
  url.searchParams.set('perPage', String(perPage));
  if (query.q) url.searchParams.set('q', query.q);
  if (query.sort) url.searchParams.set('sort', query.sort);
  if (query.updatedSince !== undefined)
    url.searchParams.set('updatedSince', String(query.updatedSince));
  for (const [name, value] of Object.entries(query.filters ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  return url;
}

/**
 * Answers the window [offset, offset + limit) of a collection, asking `fetchPage` for its
 * pages. The first covering page is fetched alone: its totalCount says which of the other
 * pages exist, so a window past the end costs one request instead of a burst of empty pages.
 * The rest are fetched concurrently (at most `concurrency` at once) and the exact window is
 * cut out.
 * A window at the top of the list that fits in one round of requests is fetched all at
 * once instead: it is what opening a list or searching asks for, where waiting for the
 * first page before the second doubles what the owner waits; at worst one page past a
 * short list's end is asked for in vain.
 * Records added or removed between page requests can shift rows; the rows are still each
 * valid, and a later list call sees the new order.
 */
export async function listWindow<T>(
  fetchPage: (page: number, perPage: number) => Promise<PageSlots<T>>,
  query: { offset?: number; limit: number },
  { pageSize, concurrency }: { pageSize: number; concurrency: number },
): Promise<ListResult<T>> {
  const offset = query.offset ?? 0;
  const { limit } = query;
  if (!Number.isSafeInteger(offset) || offset < 0 || !Number.isSafeInteger(limit) || limit < 0)
    throw new RangeError('offset and limit must be whole numbers from 0');
  const pages = pagesCovering(offset, limit, pageSize);
  const firstPage = pages[0];
  if (firstPage === undefined) {
    // limit 0 still answers the count, for the cheapest request that carries it.
    const { totalCount } = await fetchPage(1, 1);
    return { rows: [], totalCount };
  }
  const fetchOne = (page: number) => fetchPage(page, pageSize);
  const atOnce = offset === 0 && pages.length <= concurrency;
  const [first, ...others] = atOnce
    ? await Promise.all(pages.map(fetchOne))
    : await firstThenRest(pages, concurrency, fetchOne);
  if (!first) throw new RangeError('no page covers the window');
  // Cut by position (unreadable records hold their place), then leave the holes out.
  const slots = sliceWindow(
    [first.slots, ...others.map((answer) => answer.slots)],
    firstPage,
    offset,
    limit,
    pageSize,
  );
  const rows = slots.filter((row) => row !== undefined);
  const unreadable = slots.length - rows.length;
  return { rows, totalCount: first.totalCount, ...(unreadable > 0 ? { unreadable } : {}) };
}

/** The first page alone, then the ones its totalPages says exist, concurrently. */
async function firstThenRest<T extends { totalPages: number }>(
  pages: number[],
  concurrency: number,
  fetch: (page: number) => Promise<T>,
): Promise<T[]> {
  const first = await fetch(pages[0]!);
  const rest = pages.slice(1).filter((page) => page <= first.totalPages);
  return [first, ...(await mapWithConcurrency(rest, concurrency, fetch))];
}

/** The 1-based page numbers of size `perPage` that cover [offset, offset + limit). */
export function pagesCovering(offset: number, limit: number, perPage: number): number[] {
  if (limit <= 0) return [];
  const first = Math.floor(offset / perPage) + 1;
  const last = Math.floor((offset + limit - 1) / perPage) + 1;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/**
 * Cuts the window [offset, offset + limit) out of consecutive pages starting at page
 * `firstPage`. A short or missing page ends the data, so later pages are not looked at.
 */
export function sliceWindow<T>(
  pages: T[][],
  firstPage: number,
  offset: number,
  limit: number,
  perPage: number,
): T[] {
  const rows: T[] = [];
  for (const page of pages) {
    rows.push(...page);
    if (page.length < perPage) break;
  }
  const start = offset - (firstPage - 1) * perPage;
  return rows.slice(start, start + limit);
}

/**
 * Runs `fn` over `items` with at most `cap` running at once, answering results in item order.
 * The first failure rejects the whole call and no further item is started, so a failing
 * server is not hammered with the rest of a large window.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  cap: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(cap, items.length)) }, worker);
  await Promise.all(workers);
  return results;
}
