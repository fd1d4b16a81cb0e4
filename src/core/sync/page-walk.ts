import type { EntityName } from '../../shared/entity-names';

/** A record as sync handles it: the JSON the platform sent, with its id. */
export type SyncRecord = Record<string, unknown> & { id: string };

/** One server page request, in the platform's own terms. */
export type PageQuery = {
  /** 1-based. */
  page: number;
  /** 1..50. */
  perPage: number;
  /** Every area sorts by these two; createdAt ascending keeps pages stable while records are added. */
  sort: 'createdAt' | '-updatedAt';
  /** Only records with updatedAt >= this (unix seconds). */
  updatedSince?: number;
  signal?: AbortSignal;
};

/** One server page and the totals of the query. */
export type PageAnswer = {
  nodes: readonly SyncRecord[];
  totalCount: number;
  totalPages: number;
  /** Ids of the records the page sent that did not match their schema (left out of nodes). */
  unreadableIds?: readonly string[];
  /**
   * The page's JSON as the school sent it, when its records are exactly `nodes` (none was
   * unreadable): a first sync hands it to its helper process as it is, rather than writing
   * the records out again (BulkLoad.helper).
   */
  text?: string;
};

/**
 * Where sync reads pages: `(area, query) => client.page(area, query)` on a PlatformClient
 * whose transport sends at background priority.
 */
export type PageSource = (area: EntityName, query: PageQuery) => Promise<PageAnswer>;

export type WalkOptions = {
  /** Fetches one page; `signal` aborts when the walk stops. */
  fetch: (page: number, signal: AbortSignal) => Promise<PageAnswer>;
  /** The first page to fetch (a resumed first sync starts where it stopped). */
  startPage: number;
  /** Pages in flight at once; the rate limiter paces them. */
  concurrency: number;
  signal?: AbortSignal;
  /** Each page as it arrives (in any order). Not called after the walk was stopped. */
  onPage: (page: number, answer: PageAnswer) => void;
  /** Every page before `nextPage` has been handled: where a restart may resume. */
  onFrontier?: (nextPage: number) => void;
};

/**
 * Fetches pages from `startPage` to the last one, several at once. The first is fetched
 * alone, for totalPages; the rest by `concurrency` workers. Records created meanwhile make
 * later answers say more pages, and the walk goes on to them. It ends where the pages run
 * dry, whatever totalPages says: past the first page that answers no record at all, none
 * is asked for, so a school claiming 2^53 pages costs only the pages the workers had asked
 * for before the first empty one answered (fewer than two each).
 * The first failure stops every worker, and the walk throws it once they have all stopped,
 * so nothing is handled after the walk returned.
 */
export async function walkPages(options: WalkOptions): Promise<void> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  signal.throwIfAborted();

  const done = new Set<number>();
  let frontier = options.startPage;
  let next = options.startPage;
  let lastPage = options.startPage;
  let failure: { error: unknown } | undefined;
  /** The first page that held no record (not even an unreadable one): nothing lies past it. */
  let dryAt = Number.POSITIVE_INFINITY;
  const more = () => !failure && next <= Math.min(lastPage, dryAt);

  const fetchOne = async (page: number): Promise<void> => {
    const answer = await options.fetch(page, signal);
    signal.throwIfAborted();
    // Pages past the end answer empty, so the larger totalPages seen is followed until one
    // does: a page with no record ends the walk however many pages were claimed.
    lastPage = Math.max(lastPage, answer.totalPages);
    if (answer.nodes.length === 0 && (answer.unreadableIds?.length ?? 0) === 0)
      dryAt = Math.min(dryAt, page);
    options.onPage(page, answer);
    done.add(page);
    const before = frontier;
    while (done.delete(frontier)) frontier += 1;
    if (frontier !== before) options.onFrontier?.(frontier);
  };

  const worker = async (): Promise<void> => {
    while (more()) {
      const page = next;
      next += 1;
      try {
        await fetchOne(page);
      } catch (error) {
        failure ??= { error };
        stop.abort();
      }
    }
  };

  next += 1;
  await fetchOne(options.startPage);
  // A later answer can raise lastPage after some workers found nothing left: run again.
  while (more()) {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  }
  if (failure) throw options.signal?.aborted ? options.signal.reason : failure.error;
}
