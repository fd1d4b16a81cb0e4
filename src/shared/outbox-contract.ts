import { z } from 'zod';
import { schoolId } from './school-id';
import { ENTITY_NAMES } from './entity-names';

/**
 * The outbox channels: the owner's writes saved on this computer and not yet at the school,
 * what each is waiting for, and the owner's say over them (send again, discard). Every
 * request names the school by its schoolId (issuer and resource): each signed-in school has its own outbox.
 */

const bySchool = z.object({ schoolId }).strict();
const area = z.enum(ENTITY_NAMES);

/** Why an entry waits for the owner (see core/outbox/outbox-entry.ts). */
export const outboxProblem = z.discriminatedUnion('code', [
  /** The school changed the same fields: its values, to show beside the owner's. */
  z.object({
    code: z.literal('conflict'),
    theirs: z.record(z.string(), z.unknown()),
    fields: z.array(z.string()),
    /** The record as this computer had it when the edit was made: what each side changed. */
    opened: z.record(z.string(), z.unknown()).optional(),
  }),
  /** The record was deleted on the school; re-create it or discard the edit. */
  z.object({ code: z.literal('gone') }),
  /** The platform's message for each field the school did not accept. */
  z.object({ code: z.literal('invalid'), fields: z.record(z.string(), z.string()) }),
  /** The session may not write this area: "Grant access". */
  z.object({ code: z.literal('scope') }),
  z.object({ code: z.literal('refused'), reason: z.string() }),
]);
export type OutboxProblemView = z.infer<typeof outboxProblem>;

/** One unsent write as the outbox panel lists it. */
export const outboxEntryView = z.object({
  id: z.string(),
  area,
  recordId: z.string(),
  kind: z.enum(['create', 'update', 'delete']),
  /**
   * The record's name as this computer shows it (name, title, code…), for a person; absent
   * when nothing names it (the renderer says "Untitled" in the owner's language).
   */
  label: z.string().optional(),
  /** What the edit changes: the fields and their new values (a create: all it was given). */
  fields: z.record(z.string(), z.unknown()),
  /**
   * An enrollment change, shown on its student (its `fields` are empty): what it does and the
   * course's name (absent when nothing names it). The renderer words it.
   */
  enrollment: z
    .object({
      change: z.enum(['enroll', 'unenroll', 'expire', 'extend']),
      course: z.string().optional(),
    })
    .optional(),
  /** waiting: to be sent; sending: a request is out; needs_you: parked until the owner acts. */
  state: z.enum(['waiting', 'sending', 'needs_you']),
  problem: outboxProblem.optional(),
  /** Unix ms of the owner's last edit in this entry. */
  savedAt: z.number(),
  attempts: z.int().min(0),
});
export type OutboxEntryView = z.infer<typeof outboxEntryView>;

/** A school's outbox at a glance: counts, and the records that carry unsent edits. */
export const outboxStatus = z.object({
  schoolId: z.string(),
  /** Entries not yet at the school. */
  count: z.int().min(0),
  /** Of those, the ones parked until the owner acts (conflicts, refusals). */
  needsYou: z.int().min(0),
  /** The school no longer accepts the session: entries wait until the owner signs in again. */
  signInNeeded: z.boolean(),
  /**
   * The school keeps refusing changes while it answers otherwise: when the outbox tries again
   * (unix ms). Absent otherwise.
   */
  refusingUntil: z.number().optional(),
  /**
   * This school's local data could not be read (a lost or replaced key, a damaged file,
   * another school's file) and was set aside: how many unsent changes it held, as far as this
   * computer recorded, and when. Shown until the owner has read it.
   */
  unreadable: z
    .object({
      reason: z.enum([
        'key_missing',
        'key_unreadable',
        'damaged',
        'another_school',
        'unknown_version',
      ]),
      /** Unsent changes in the set-aside data (0: none recorded). */
      count: z.int().min(0),
      /** Unix ms of the last of those changes, when recorded. */
      savedAt: z.number().optional(),
      /** Unix ms when the data was set aside. */
      at: z.number(),
    })
    .optional(),
  /**
   * Unsent changes another account made at this school on this computer: kept apart, never
   * shown or sent under this account, until that account signs in again or they are discarded.
   */
  otherAccount: z.object({ count: z.int().min(1), savedAt: z.number() }).optional(),
  /** Per area, the ids of records with unsent edits (for the pending marks). */
  pending: z.object(
    Object.fromEntries(ENTITY_NAMES.map((name) => [name, z.array(z.string())])) as Record<
      (typeof ENTITY_NAMES)[number],
      z.ZodArray<z.ZodString>
    >,
  ),
});
export type OutboxStatus = z.infer<typeof outboxStatus>;

/** Every channel of the outbox, spread into the one contract. */
export const outboxContract = {
  'outbox:status': { request: bySchool, response: outboxStatus },
  'outbox:list': { request: bySchool, response: z.object({ entries: z.array(outboxEntryView) }) },
  /** Sends now what can go (a parked entry named by `entryId` is put back in line first). */
  'outbox:retry': {
    request: z.object({ schoolId, entryId: z.string().max(100).optional() }).strict(),
    response: z.object({ started: z.boolean() }),
  },
  /** Takes an unsent edit back: the record shows the school's version again. */
  'outbox:discard': {
    request: z.object({ schoolId, entryId: z.string().max(100) }).strict(),
    response: z.object({ discarded: z.boolean() }),
  },
  /** The owner has read that unreadable data was set aside: the notice goes. */
  'outbox:acknowledgeUnreadable': {
    request: bySchool,
    response: z.object({ acknowledged: z.boolean() }),
  },
  /** Discards the unsent changes another account left at this school on this computer. */
  'outbox:discardOtherAccount': {
    request: bySchool,
    response: z.object({ discarded: z.int().min(0) }),
  },
  /**
   * Resolves a conflict: `mine` sends the owner's values on the school's version, `theirs`
   * discards the edit, `merge` sends the chosen values.
   */
  'outbox:resolve': {
    request: z
      .object({
        schoolId,
        entryId: z.string().max(100),
        choice: z.enum(['mine', 'theirs', 'merge']),
        fields: z.record(z.string(), z.unknown()).optional(),
      })
      .strict(),
    response: z.object({ resolved: z.boolean() }),
  },
} as const;
