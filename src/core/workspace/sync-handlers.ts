import type { SyncStatus } from '../../shared/sync-status';
import type { HandlerOf } from '../handler-of';

/**
 * What the sync channels need of the school's sync (the lead's composition root implements
 * it over core/sync). Each call names the school by its schoolId: every signed-in school has
 * its own local copy and its own status.
 */
export interface SyncControl {
  /** The school's status as the renderer may see it. */
  status(schoolId: string): Promise<SyncStatus>;
  /** Starts an incremental sync now; false when one is already running. */
  syncNow(schoolId: string): Promise<boolean>;
  /** Stops a first sync, which resumes later where it stopped; false when none was running. */
  cancel(schoolId: string): Promise<boolean>;
}

export type SyncChannel = 'sync:status' | 'sync:now' | 'sync:cancel';

/**
 * The sync channels. The renderer learns freshness only through these and the `sync:status`
 * and `data:changed` events; its data calls stay the same whether an answer came from the
 * local copy or the school.
 */
export function createSyncHandlers(sync: SyncControl): { [C in SyncChannel]: HandlerOf<C> } {
  return {
    'sync:status': ({ schoolId }) => sync.status(schoolId),
    'sync:now': async ({ schoolId }) => ({ started: await sync.syncNow(schoolId) }),
    'sync:cancel': async ({ schoolId }) => ({ cancelled: await sync.cancel(schoolId) }),
  };
}
