import type { Clock, LogSink } from '../adapters';
import { ENTITY_NAMES, type EntityName } from '../../shared/entity-names';
import type { SyncStatus } from '../../shared/sync-status';
import type { PageSource } from './page-walk';
import type { SyncMirror } from './area-state';
import type { PullOptions } from './pull';
import type { Reachability, Timers } from './reachability';
import type { SyncOverlay } from '../outbox/overlay';

/** How often things happen; every member has a default. */
export type SyncSchedule = {
  /** Incremental sync while online. */
  incrementalMs: number;
  /** A read answered locally checks the school for news at most this often per area. */
  revalidateMs: number;
  /**
   * Progress is told at most this often (the last page always): a status costs a count of
   * every area, and 2,000 pages of a first sync need not make 2,000 of them.
   */
  progressMs: number;
};

/**
 * The schedule the app runs. A list the owner opens asks the school for news this often at
 * most, so an edit made elsewhere shows within seconds while the school answers; and a quiet
 * app still checks every 30 s (two small requests an area, a few percent of the read budget),
 * so the status line notices a school that went away.
 */
export const DEFAULT_SCHEDULE: SyncSchedule = {
  incrementalMs: 30_000,
  revalidateMs: 5_000,
  progressMs: 250,
};

export type SchoolSyncOptions<M extends SyncMirror> = {
  schoolId: string;
  /** The school's local copy, open (MirrorDatabase); every write to it commits at once. */
  mirror: M;
  /** Pages at background priority: `(area, query) => syncClient.page(area, query)`. */
  source: PageSource;
  /** The school's reachability (its transports report to it); SchoolSync does not close it. */
  reachability: Reachability;
  /** The session's granted scopes; `<area>:read` makes an area sync. */
  scopes: readonly string[];
  log: LogSink;
  clock?: Clock;
  timers?: Timers;
  /** True while the local copy is kept in memory only (no keyring and no opt-in). */
  memoryOnly?: () => boolean;
  onStatus?: (status: SyncStatus) => void;
  /** A pass (or the app, through `changed`) changed rows of these areas. */
  onDataChanged?: (areas: EntityName[]) => void;
  schedule?: Partial<SyncSchedule>;
  /** The owner's unsent edits, which a pass keeps on top of what the school sends. */
  overlay?: SyncOverlay;
  pull?: Partial<
    Pick<PullOptions, 'perPage' | 'concurrency' | 'sweepEveryMs' | 'sweepRetryMs' | 'maxCopyBytes'>
  >;
};

/** The areas `scopes` may read. */
export function readableAreas(scopes: readonly string[]): Set<EntityName> {
  return new Set(ENTITY_NAMES.filter((area) => scopes.includes(`${area}:read`)));
}

/** A failure's name for a log line: its code or name, never a record or a token. */
export function describeFailure(error: unknown): string {
  const named = error as { code?: unknown; name?: unknown } | null;
  const label = named?.code ?? named?.name;
  return typeof label === 'string' ? label : 'error';
}
