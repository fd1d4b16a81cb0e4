import type { OutboxEntryView, OutboxStatus } from '../../shared/outbox-contract';
import type { HandlerOf } from '../handler-of';

/**
 * What the outbox channels need of each school's outbox (Schools implements it). Each call
 * names the school by its issuer: every signed-in school has its own outbox.
 */
export interface OutboxControl {
  outboxStatus(issuer: string): Promise<OutboxStatus>;
  outboxEntries(issuer: string): Promise<OutboxEntryView[]>;
  /** Sends what can go now; a parked entry named by `entryId` is put back in line first. */
  retry(issuer: string, entryId?: string): Promise<boolean>;
  /** Takes an unsent edit back; false when there was no such entry. */
  discard(issuer: string, entryId: string): Promise<boolean>;
  /** Settles a conflict the owner looked at. */
  resolve(
    issuer: string,
    entryId: string,
    choice: 'mine' | 'theirs' | 'merge',
    fields?: Record<string, unknown>,
  ): Promise<boolean>;
}

export type OutboxChannel =
  'outbox:status' | 'outbox:list' | 'outbox:retry' | 'outbox:discard' | 'outbox:resolve';

/** The outbox channels: what waits to be sent, and the owner's say over it. */
export function createOutboxHandlers(outbox: OutboxControl): {
  [C in OutboxChannel]: HandlerOf<C>;
} {
  return {
    'outbox:status': ({ issuer }) => outbox.outboxStatus(issuer),
    'outbox:list': async ({ issuer }) => ({ entries: await outbox.outboxEntries(issuer) }),
    'outbox:retry': async ({ issuer, entryId }) => ({
      started: await outbox.retry(issuer, entryId),
    }),
    'outbox:discard': async ({ issuer, entryId }) => ({
      discarded: await outbox.discard(issuer, entryId),
    }),
    'outbox:resolve': async ({ issuer, entryId, choice, fields }) => ({
      resolved: await outbox.resolve(issuer, entryId, choice, fields),
    }),
  };
}
