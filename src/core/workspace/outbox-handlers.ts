import type { OutboxEntryView, OutboxStatus } from '../../shared/outbox-contract';
import type { HandlerOf } from '../handler-of';

/**
 * What the outbox channels need of each school's outbox (Schools implements it). Each call
 * names the school by its schoolId: every signed-in school has its own outbox.
 */
export interface OutboxControl {
  outboxStatus(schoolId: string): Promise<OutboxStatus>;
  outboxEntries(schoolId: string): Promise<OutboxEntryView[]>;
  /** Sends what can go now; a parked entry named by `entryId` is put back in line first. */
  retry(schoolId: string, entryId?: string): Promise<boolean>;
  /** Takes an unsent edit back; false when there was no such entry. */
  discard(schoolId: string, entryId: string): Promise<boolean>;
  /** The owner read that unreadable data was set aside; false when there was no notice. */
  acknowledgeUnreadable(schoolId: string): Promise<boolean>;
  /** Discards another account's unsent changes at this school; answers how many. */
  discardOtherAccount(schoolId: string): Promise<number>;
  /** Settles a conflict the owner looked at. */
  resolve(
    schoolId: string,
    entryId: string,
    choice: 'mine' | 'theirs' | 'merge',
    fields?: Record<string, unknown>,
  ): Promise<boolean>;
}

export type OutboxChannel =
  | 'outbox:status'
  | 'outbox:list'
  | 'outbox:retry'
  | 'outbox:discard'
  | 'outbox:acknowledgeUnreadable'
  | 'outbox:discardOtherAccount'
  | 'outbox:resolve';

/** The outbox channels: what waits to be sent, and the owner's say over it. */
export function createOutboxHandlers(outbox: OutboxControl): {
  [C in OutboxChannel]: HandlerOf<C>;
} {
  return {
    'outbox:status': ({ schoolId }) => outbox.outboxStatus(schoolId),
    'outbox:list': async ({ schoolId }) => ({ entries: await outbox.outboxEntries(schoolId) }),
    'outbox:retry': async ({ schoolId, entryId }) => ({
      started: await outbox.retry(schoolId, entryId),
    }),
    'outbox:discard': async ({ schoolId, entryId }) => ({
      discarded: await outbox.discard(schoolId, entryId),
    }),
    'outbox:acknowledgeUnreadable': async ({ schoolId }) => ({
      acknowledged: await outbox.acknowledgeUnreadable(schoolId),
    }),
    'outbox:discardOtherAccount': async ({ schoolId }) => ({
      discarded: await outbox.discardOtherAccount(schoolId),
    }),
    'outbox:resolve': async ({ schoolId, entryId, choice, fields }) => ({
      resolved: await outbox.resolve(schoolId, entryId, choice, fields),
    }),
  };
}
