import { z } from 'zod';
import { schoolId } from './school-id';
import { syncStatus } from './sync-status';

/**
 * The sync channels: how fresh a school's local copy is, "Sync now", and stopping a first
 * sync (which resumes later, where it stopped). Every request names the school by its schoolId (issuer and resource),
 * since each signed-in school has its own copy and its own status.
 */

const bySchool = z.object({ schoolId }).strict();

/** Every channel of sync, spread into the one contract. */
export const syncContract = {
  'sync:status': { request: bySchool, response: syncStatus },
  /** Starts an incremental sync at once; `started` is false when one is already running. */
  'sync:now': { request: bySchool, response: z.object({ started: z.boolean() }) },
  /** Stops a first sync; `cancelled` is false when none was running. */
  'sync:cancel': { request: bySchool, response: z.object({ cancelled: z.boolean() }) },
} as const;
