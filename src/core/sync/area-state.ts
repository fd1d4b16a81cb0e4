import type { EntityName } from '../../shared/entity-names';
import type { PageAnswer, SyncRecord } from './page-walk';

/**
 * What sync keeps of each area in the mirror besides its rows: its sync state (AreaMeta)
 * and the ids of records the school sent that the app could not read.
 */

/**
 * A long first sync's hold on the mirror (MirrorDatabase.bulkLoad).
 * - `helper`, when the mirror has one, stores batches of records in a helper process:
 *   - `stage` sends a page (every record of it readable) to the helper as the page arrives,
 *     as the school sent it when it can (PageAnswer.text), so the host keeps only its ids
 *     while the rest of its batch comes: holding the parsed records cost the host 1.2 s of
 *     garbage collection in a first sync of 100,000 students, and holding them serialised
 *     still made most of what its collections promoted;
 *   - `store` stores the pages staged for a batch, in the order staged, with the area's sync
 *     state (`meta`) in one transaction, and resolves once that committed: the host's event
 *     loop goes on meanwhile, and the walk with it. The helper also checkpoints.
 * - Without it, the caller stores each batch on the mirror itself (`batch`) and then calls
 *   `checkpoint`, which copies the WAL into the database in a turn of its own: a checkpoint
 *   inside each commit made it the longest stall of the host (up to 80 ms at 5,000 rows).
 * - `indexSoon` has the helper build the area's indexes after what it was sent, if it has not:
 *   a first sync asks near its end, so the build runs beside the last pages' walk, and the
 *   rows stored after keep the indexes up to date.
 * - `end` waits for what was sent to be stored, and gives the connection its settings back.
 *   `complete`: every page of the area is stored, so a helper that stored them builds the
 *   area's indexes before it ends (`buildIndexes` then finds them): starting a process of
 *   its own to build them took the end of a first sync 70-90 ms more.
 */
export type BulkLoad = {
  helper?: {
    stage(page: PageAnswer): StagedPage;
    store(pages: readonly StagedPage[], meta?: { key: string; value: unknown }): Promise<void>;
  };
  indexSoon?(): void;
  checkpoint(): void;
  end(complete?: boolean): Promise<void>;
};

/** A page BulkLoad.helper has sent on to its helper process: the ids of its records. */
export type StagedPage = { readonly ids: readonly string[] };

/** What sync needs of the mirror (MirrorDatabase has these). */
export interface SyncMirror {
  /** Stores records (an older version never replaces a newer one); answers rows changed. */
  upsert(entity: EntityName, records: readonly SyncRecord[]): number;
  remove(entity: EntityName, ids: string[]): void;
  ids(entity: EntityName): string[];
  count(entity: EntityName): number;
  clear(entity: EntityName): void;
  get(entity: EntityName, id: string): { record: unknown } | undefined;
  getMeta<T>(key: string): T | undefined;
  setMeta(key: string, value: unknown): void;
  /**
   * Calls `listener` after each change of an area's records (stored, removed, a new ETag),
   * with their ids, whoever made it; answers the function that stops the calls.
   */
  onRecordsWritten(listener: (entity: EntityName, ids: readonly string[]) => void): () => void;
  /** Runs `work` in one transaction (its writes commit together, or not at all). */
  batch?<T>(work: () => T): T;
  /** Optional bulk-load help for a long first sync (see MirrorDatabase.bulkLoad)… */
  bulkLoad?(entity: EntityName): BulkLoad;
  /** …and the indexes it left out, built when it ends (off the event loop). */
  buildIndexes?(entity: EntityName): Promise<void>;
  /** Bytes the whole copy takes, every area: what MAX_COPY_BYTES bounds. */
  sizeBytes?(): number;
}

/** What the mirror remembers of one area's sync (JSON in its meta table). */
export type AreaMeta = {
  /** first: the first sync has not finished; synced: lists may be answered locally. */
  phase: 'first' | 'synced';
  /** During the first sync: the next page to fetch (sorted by createdAt ascending). */
  nextPage: number;
  /**
   * `updatedSince` of the next incremental pass (unix seconds, inclusive): the highest
   * updatedAt the server had when the last pass began. Every record changed after that
   * moment has an updatedAt at or above it, so nothing changed during a pass is missed.
   */
  cursor?: number;
  /** Some records carry no updatedAt, so incremental passes would miss them: full passes. */
  noUpdatedAt?: boolean;
  /** Unix ms when the last pass finished. */
  syncedAt?: number;
  /** Unix ms when the last id sweep (or full pass) finished. */
  sweptAt?: number;
  /** The last sweep still ended with a count unlike the server's: do not sweep again at once. */
  sweepUnresolved?: boolean;
};

/** The mirror's meta key of an area's sync state. */
export function metaKey(area: EntityName): string {
  return `sync:${area}`;
}

export function readAreaMeta(mirror: SyncMirror, area: EntityName): AreaMeta | undefined {
  return mirror.getMeta<AreaMeta>(metaKey(area));
}

/**
 * The mirror's meta key of the ids of an area's records that the school sent but that did
 * not match their schema. Apart from AreaMeta, which passes rewrite whole, since every page
 * stored updates it.
 */
export function unreadableKey(area: EntityName): string {
  return `unreadable:${area}`;
}

/**
 * Ids of the area's records the school holds but the app could not read: they are not in
 * the mirror, and a list answered from it counts them, as a list from the school would.
 */
export function readUnreadable(mirror: SyncMirror, area: EntityName): string[] {
  return mirror.getMeta<string[]>(unreadableKey(area)) ?? [];
}

/** Forgets an area: its rows and its sync state (the session may no longer read it). */
export function clearArea(mirror: SyncMirror, area: EntityName): void {
  mirror.clear(area);
  mirror.setMeta(metaKey(area), undefined);
  mirror.setMeta(unreadableKey(area), undefined);
}
