/**
 * Mapping an offset/limit window onto the server's numbered pages. Pure, so the arithmetic
 * is tested on its own and the same window logic can later serve a local mirror.
 */

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
