import type { EntityName } from '../../shared/entity-names';
import {
  readAreaMeta,
  readUnreadable,
  type AreaMeta,
  type BulkLoad,
  type SyncMirror,
} from './area-state';
import { AreaWriter } from './area-writer';
import { FirstSyncBatches } from './first-sync-batches';
import { PLATFORM_RATE_LIMITS } from './rate-limiter';
import { walkPages, type PageAnswer, type PageSource, type SyncRecord } from './page-walk';

/**
 * One area's sync into the local mirror: the first sync (every page, resumable), then
 * incremental passes (`updatedSince`), and id sweeps that find records deleted on the server
 * (the platform has no deletions feed).
 */

/** What a pass is doing, for the status line. */
export type PullProgress = {
  kind: 'first' | 'incremental' | 'sweep';
  done: number;
  total?: number;
};

export type PullOptions = {
  mirror: SyncMirror;
  source: PageSource;
  area: EntityName;
  signal?: AbortSignal;
  /** Unix ms. */
  now: () => number;
  /** Records per page (the platform allows at most 50). */
  perPage?: number;
  /** Pages in flight at once: as many as the school's limiter lets run (RateLimits). */
  concurrency?: number;
  /** A full id sweep at least this often, for a delete and a create that keep the count. */
  sweepEveryMs?: number;
  /** After a sweep that did not make the counts agree, wait this long before another. */
  sweepRetryMs?: number;
  onProgress?: (progress: PullProgress) => void;
  /**
   * Starts noting the ids the app itself writes into this area (a record it created or
   * saved). A sweep does not drop those: they changed after it began.
   */
  trackWrites?: () => { ids(): ReadonlySet<string>; stop(): void };
  /** The most the whole copy may take; MAX_COPY_BYTES (area-writer.ts) unless a test says less. */
  maxCopyBytes?: number;
};

/**
 * A first sync of more rows than this loads them in bulk (MirrorDatabase.bulkLoad), without
 * the area's search index, built at the end: below, keeping it costs little, and a process
 * to build it would cost more.
 */
const DEFER_INDEXES_ABOVE = 2000;

/**
 * The share of a bulk load's rows still to come when it builds the area's indexes
 * (BulkLoad.indexSoon): the rows after keep them up to date as they are stored. Built after
 * the last page, they held the end of a first sync of 100,000 students 150-170 ms, with the
 * school's pages all answered.
 */
const INDEX_WHEN_LEFT = 0.1;

export const DEFAULT_PULL = {
  perPage: 50,
  concurrency: PLATFORM_RATE_LIMITS.concurrency,
  sweepEveryMs: 6 * 60 * 60 * 1000,
  sweepRetryMs: 30 * 60 * 1000,
} as const;

/** What one call of `pullArea` did. */
export type PullResult = {
  /** Rows added, changed or dropped. */
  changed: number;
  /** The passes it ran, in order. */
  passes: PullProgress['kind'][];
};

/**
 * Brings one area up to date: the first sync (or its resumption) when it never finished,
 * else an incremental pass (a full pass when records carry no updatedAt). Then the server's
 * count is compared with the mirror's, and an id sweep runs when they differ or one is due.
 * Throws what the platform threw (the area's meta says where a restart resumes), or the
 * signal's reason when aborted.
 */
export async function pullArea(options: PullOptions): Promise<PullResult> {
  const pull = new AreaPull(options);
  const result: PullResult = { changed: 0, passes: [] };
  const meta = readAreaMeta(options.mirror, options.area);
  if (!meta || meta.phase === 'first') {
    result.changed += await pull.first(meta);
    result.passes.push('first');
  } else if (meta.noUpdatedAt) {
    // Without updatedAt there is no incremental pass: a full pass, which is a sweep.
    result.changed += await pull.sweep('incremental');
    result.passes.push('incremental');
    return result;
  } else {
    result.changed += await pull.incremental(meta);
    result.passes.push('incremental');
  }
  if (await pull.sweepNeeded()) {
    result.changed += await pull.sweep('sweep');
    result.passes.push('sweep');
  }
  return result;
}

class AreaPull {
  private readonly perPage: number;
  private readonly concurrency: number;
  private readonly writer: AreaWriter;

  constructor(private readonly o: PullOptions) {
    this.writer = new AreaWriter(o.mirror, o.area, o.maxCopyBytes);
    this.perPage = Math.min(50, Math.max(1, o.perPage ?? DEFAULT_PULL.perPage));
    this.concurrency = Math.max(1, o.concurrency ?? DEFAULT_PULL.concurrency);
  }

  /**
   * The first sync: every page sorted by createdAt ascending (records created meanwhile
   * append at the end). A head request (newest updatedAt first) comes before, for the
   * cursor of the first incremental pass; when the area fits in it, it is the whole sync.
   */
  async first(resumed: AreaMeta | undefined): Promise<number> {
    const { mirror, area } = this.o;
    let meta: AreaMeta = resumed ?? { phase: 'first', nextPage: 1 };
    let changed = 0;
    // A large area loads in bulk (BulkLoad), a resumed one from its first page on.
    let bulk: BulkLoad | undefined;
    const loadInBulk = (totalCount: number) => {
      if (totalCount > DEFER_INDEXES_ABOVE) bulk ??= mirror.bulkLoad?.(area);
    };
    if (!resumed) {
      const head = await this.fetch(1, '-updatedAt');
      changed += this.writer.store(head);
      const top = head.nodes[0]?.updatedAt;
      meta = {
        ...meta,
        cursor: typeof top === 'number' ? top : undefined,
        noUpdatedAt: lacksUpdatedAt(head.nodes),
      };
      this.progress('first', mirror.count(area), head.totalCount);
      if (head.totalPages <= 1) {
        await this.finishFirst(meta);
        return changed;
      }
      loadInBulk(head.totalCount);
      this.writer.writeMeta(meta);
    }
    // Counted once, then by what each page added: a COUNT per page is 2,000 table scans.
    const before = mirror.count(area);
    const batches = new FirstSyncBatches({
      writer: this.writer,
      mirror,
      meta: () => meta,
      setMeta: (reached) => {
        meta = reached;
      },
      bulk: () => bulk,
    });
    let walked = false;
    try {
      await walkPages({
        fetch: async (page, signal) => {
          await batches.room();
          return this.fetch(page, 'createdAt', undefined, signal);
        },
        startPage: meta.nextPage,
        concurrency: this.concurrency,
        signal: this.o.signal ? AbortSignal.any([this.o.signal, batches.signal]) : batches.signal,
        onPage: (page, answer) => {
          loadInBulk(answer.totalCount);
          if (lacksUpdatedAt(answer.nodes)) meta = { ...meta, noUpdatedAt: true };
          const rowsLeft = answer.totalCount - page * this.perPage;
          batches.add(answer, answer.totalCount > DEFER_INDEXES_ABOVE, rowsLeft);
          if (rowsLeft <= answer.totalCount * INDEX_WHEN_LEFT) bulk?.indexSoon?.();
          this.progress('first', before + batches.changed, answer.totalCount);
        },
        onFrontier: (nextPage) => batches.reached(nextPage),
      });
      walked = true;
    } finally {
      // What was fetched is kept, a cancelled or failed walk's too (it resumes after it).
      let stored = false;
      try {
        await batches.finish();
        stored = true;
      } finally {
        await bulk?.end(walked && stored);
      }
      changed += batches.changed;
    }
    await this.finishFirst(meta);
    return changed;
  }

  /**
   * Records changed since the cursor. The head (newest first) is a snapshot: its top
   * updatedAt is the next cursor. More pages than the head are walked by createdAt, where
   * a record changed meanwhile cannot push another out of the walk.
   */
  async incremental(meta: AreaMeta): Promise<number> {
    const since = meta.cursor ?? 0;
    const head = await this.fetch(1, '-updatedAt', since);
    let changed = this.writer.store(head);
    const top = head.nodes[0]?.updatedAt;
    let done = head.nodes.length;
    this.progress('incremental', done, head.totalCount);
    if (head.totalPages > 1) {
      done = 0;
      await walkPages({
        fetch: (page, signal) => this.fetch(page, 'createdAt', since, signal),
        startPage: 1,
        concurrency: this.concurrency,
        signal: this.o.signal,
        onPage: (_page, answer) => {
          changed += this.writer.store(answer);
          done += answer.nodes.length;
          this.progress('incremental', done, answer.totalCount);
        },
      });
    }
    this.writer.writeMeta({
      ...meta,
      cursor: typeof top === 'number' ? Math.max(top, since) : since,
      syncedAt: this.o.now(),
    });
    return changed;
  }

  /**
   * Is an id sweep due? When the server counts other than the mirror (a record deleted, or
   * one missed because a deletion shifted the pages), or when the periodic one is due.
   * After a sweep that left the counts unequal, the next count-driven one waits a while, so
   * a school whose count never agrees is not paged through every few minutes.
   */
  async sweepNeeded(): Promise<boolean> {
    const { mirror, area } = this.o;
    const meta = readAreaMeta(mirror, area);
    const now = this.o.now();
    const lastSweep = meta?.sweptAt ?? 0;
    if (now - lastSweep >= (this.o.sweepEveryMs ?? DEFAULT_PULL.sweepEveryMs)) return true;
    const { totalCount } = await this.o.source(area, {
      page: 1,
      perPage: 1,
      sort: 'createdAt',
      signal: this.o.signal,
    });
    this.o.signal?.throwIfAborted();
    if (totalCount === this.writer.held()) return false;
    const waited = now - lastSweep >= (this.o.sweepRetryMs ?? DEFAULT_PULL.sweepRetryMs);
    return !meta?.sweepUnresolved || waited;
  }

  /**
   * Pages through every record (storing what changed) and drops the mirror's ids the
   * server did not list, except ids added or written by the app after the sweep began; the
   * unreadable ids it did not meet are forgotten too.
   */
  async sweep(kind: 'sweep' | 'incremental'): Promise<number> {
    const { mirror, area } = this.o;
    const before = new Set(mirror.ids(area));
    const tracker = this.o.trackWrites?.();
    const seen = new Set<string>();
    const unreadable = new Set<string>();
    let total = 0;
    let changed = 0;
    let noUpdatedAt = false;
    try {
      await walkPages({
        fetch: (page, signal) => this.fetch(page, 'createdAt', undefined, signal),
        startPage: 1,
        concurrency: this.concurrency,
        signal: this.o.signal,
        onPage: (_page, answer) => {
          changed += this.writer.store(answer);
          for (const node of answer.nodes) seen.add(node.id);
          for (const id of answer.unreadableIds ?? []) unreadable.add(id);
          noUpdatedAt ||= lacksUpdatedAt(answer.nodes);
          total = answer.totalCount;
          this.progress(kind, seen.size, total);
        },
      });
      const written = tracker?.ids() ?? new Set<string>();
      // An id met unreadable left the mirror when it was stored (see noteUnreadable).
      const gone = [...before].filter(
        (id) => !seen.has(id) && !unreadable.has(id) && !written.has(id),
      );
      if (gone.length > 0) {
        mirror.remove(area, gone);
        changed += gone.length;
      }
      // Unreadable records the sweep did not meet are gone from the school (or were fixed).
      const known = readUnreadable(mirror, area);
      const kept = known.filter((id) => unreadable.has(id));
      if (kept.length < known.length) {
        this.writer.writeUnreadable(kept);
        changed += known.length - kept.length;
      }
    } finally {
      tracker?.stop();
    }
    const now = this.o.now();
    const meta = readAreaMeta(mirror, area) ?? { phase: 'synced', nextPage: 1 };
    this.writer.writeMeta({
      ...meta,
      noUpdatedAt: meta.noUpdatedAt || noUpdatedAt,
      syncedAt: now,
      sweptAt: now,
      sweepUnresolved: this.writer.held() !== total,
    });
    return changed;
  }

  private async finishFirst(meta: AreaMeta): Promise<void> {
    // Before the area counts as synced: its lists are answered from the copy from then on.
    await this.o.mirror.buildIndexes?.(this.o.area);
    const now = this.o.now();
    this.writer.writeMeta({
      phase: 'synced',
      nextPage: 1,
      cursor: meta.cursor,
      noUpdatedAt: meta.noUpdatedAt,
      syncedAt: now,
      // The first sync saw every record; deletions during it show up in the count check.
      sweptAt: now,
    });
  }

  private async fetch(
    page: number,
    sort: 'createdAt' | '-updatedAt',
    updatedSince?: number,
    signal = this.o.signal,
  ): Promise<PageAnswer> {
    const answer = await this.o.source(this.o.area, {
      page,
      perPage: this.perPage,
      sort,
      ...(updatedSince === undefined ? {} : { updatedSince }),
      signal,
    });
    signal?.throwIfAborted();
    return answer;
  }

  private progress(kind: PullProgress['kind'], done: number, total?: number): void {
    this.o.onProgress?.({ kind, done, total });
  }
}

/** True when a record has no updatedAt to page by. */
function lacksUpdatedAt(nodes: readonly SyncRecord[]): boolean {
  return nodes.some((node) => typeof node.updatedAt !== 'number');
}
