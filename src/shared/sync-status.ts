import { z } from 'zod';
import { ENTITY_NAMES } from './entity-names';
import { FILE_ERROR_CODES } from './file-errors';

/**
 * What the renderer may know about a school's local copy: per area whether it was ever
 * synced and when, what sync is doing now, and whether the school answers. It never learns
 * where a single answer came from; this is the only freshness signal it gets.
 */

/** One area's local copy. */
export const areaSyncState = z.object({
  /**
   * never: nothing of it is on this computer yet; syncing: the first sync is under way;
   * synced: lists and records are answered from the local copy; not_granted: the session may
   * not read it, so nothing of it is kept; too_large: the school's copy grew past what this
   * computer keeps (MAX_COPY_BYTES), so this area is not kept and is read from the school.
   */
  state: z.enum(['never', 'syncing', 'synced', 'not_granted', 'too_large']),
  /** Records kept on this computer. */
  rows: z.int().min(0),
  /** Unix milliseconds of the last sync that finished for this area. */
  syncedAt: z.number().optional(),
  /**
   * The area's last pass failed here, not at a school that does not answer (that is
   * `reachability`): one of this computer's file failures, or `sync_error` for anything else
   * (the log names it). The next round tries again at `retryAt`, once it is scheduled.
   */
  failure: z
    .object({
      reason: z.enum([...FILE_ERROR_CODES, 'sync_error']),
      retryAt: z.number().optional(),
    })
    .optional(),
});
export type AreaSyncState = z.infer<typeof areaSyncState>;

export const syncStatus = z.object({
  schoolId: z.string(),
  /**
   * online: the school answered last time; unreachable: a request failed, timed out or met a
   * 5xx, and a probe will try again at `retryAt`.
   */
  reachability: z.enum(['online', 'unreachable']),
  /** Unix milliseconds of the next probe while unreachable. */
  retryAt: z.number().optional(),
  /** The host's own hint (navigator.onLine / net.isOnline): false means no network at all. */
  networkHint: z.boolean(),
  areas: z.object(
    Object.fromEntries(ENTITY_NAMES.map((name) => [name, areaSyncState])) as Record<
      (typeof ENTITY_NAMES)[number],
      typeof areaSyncState
    >,
  ),
  /** What sync is fetching now, if anything. */
  activity: z
    .object({
      area: z.enum(ENTITY_NAMES),
      kind: z.enum(['first', 'incremental', 'sweep']),
      done: z.int().min(0),
      /** Unknown until the first page answered. */
      total: z.int().min(0).optional(),
    })
    .optional(),
  /** Unix milliseconds of the last sync round that finished for every synced area. */
  lastSyncedAt: z.number().optional(),
  /** True while the local copy is kept in memory only (no keyring and no opt-in). */
  memoryOnly: z.boolean(),
});
export type SyncStatus = z.infer<typeof syncStatus>;
