import type { EntityName } from '../../shared/entity-names';
import { FIELD_MERGES } from './field-merges';

/**
 * What the outbox keeps of one unsent write, and the pure rules that merge two of them. The
 * outbox (outbox.ts) makes entries durable; replay (outbox-replay.ts) sends them.
 */

/** A record's writable fields, as the edit changed them (only those). */
export type Fields = Record<string, unknown>;

/**
 * The writes the outbox carries. A create's `id` is one this computer made up (a random
 * UUID, the form the platform's ids take, so every schema takes it) until the school gives
 * the record its own; the create's entry is what marks it as not yet at the school.
 */
export type RecordEdit =
  | { kind: 'create'; entity: EntityName; id: string; fields: Fields }
  | { kind: 'update'; entity: EntityName; id: string; fields: Fields; etag?: string }
  | { kind: 'delete'; entity: EntityName; id: string; etag?: string };

/** How access is extended (the platform's three ways). */
export type ExtendBy = { days: number } | { endedAt: number } | { indefinite: true };

/**
 * A change of one student's access to one course. `id` is `<studentId>:<courseId>`, the
 * record the entries of one enrollment are ordered by. An extension by days is turned into
 * the end date it means before it is first sent, so a repeat cannot extend twice.
 */
export type EnrollmentEdit = {
  entity: 'enrollments';
  id: string;
  studentId: string;
  courseId: string;
} & (
  | { kind: 'enroll'; endedAt?: number | null }
  | { kind: 'unenroll' }
  | { kind: 'expire' }
  | { kind: 'extend'; by: ExtendBy }
);

export type OutboxEdit = RecordEdit | EnrollmentEdit;

/** The `id` of an enrollment's entries. */
export function enrollmentKey(studentId: string, courseId: string): string {
  return `${studentId}:${courseId}`;
}

export function isEnrollmentEdit(edit: OutboxEdit): edit is EnrollmentEdit {
  return edit.entity === 'enrollments';
}

/** Why an entry waits for the owner, with what the screen needs to say so. */
export type OutboxProblem =
  /** 412 with other values: the school's version, to show beside the edit. */
  | { code: 'conflict'; theirs: Fields; theirsEtag?: string; fields: string[] }
  /** 404 on an update: the record was deleted on the school. */
  | { code: 'gone' }
  /** 422: the platform's message for each field. */
  | { code: 'invalid'; fields: Record<string, string> }
  /** 403 insufficient_scope: the session may not write this area. */
  | { code: 'scope' }
  /** The school refused for another reason, named by its error code. */
  | { code: 'refused'; reason: string };

/** waiting: to be sent; sending: a request is out; needs_you: parked until the owner acts. */
export type EntryState = 'waiting' | 'sending' | 'needs_you';

export type OutboxEntry = {
  /** The entry's own id (also the journal's key). */
  id: string;
  /** Order of creation: entries of one record are sent in this order. */
  seq: number;
  edit: OutboxEdit;
  /** Minted once, stored, and sent on every attempt: a repeat is answered, not applied. */
  idempotencyKey: string;
  /** The record as the school had it when the first of these edits was made (for conflicts). */
  base?: Fields;
  state: EntryState;
  problem?: OutboxProblem;
  attempts: number;
  /** Unix ms of the owner's last edit folded into this entry. */
  savedAt: number;
};

/** The record an entry writes: entries of one record are sent one after another. */
export function recordKey(edit: OutboxEdit): string {
  return `${edit.entity}/${edit.id}`;
}

/**
 * The edit that `next` and an unsent `earlier` edit of the same record amount to, so one
 * request carries the owner's last values: 'drop' when they cancel out (a record created
 * and deleted here), undefined when they cannot merge (keep both, in order).
 */
export function coalesce(earlier: OutboxEdit, next: OutboxEdit): OutboxEdit | 'drop' | undefined {
  if (earlier.entity !== next.entity || earlier.id !== next.id) return undefined;
  // An enrollment's changes are sent as made: each is one request the platform defines.
  if (isEnrollmentEdit(earlier) || isEnrollmentEdit(next)) return undefined;
  if (earlier.kind === 'delete') return undefined;
  if (next.kind === 'delete') {
    if (earlier.kind === 'create') return 'drop';
    // The delete names the version the first edit saw (or none): the school never had the
    // folded version the screen showed when the owner deleted it.
    const { etag: _shown, ...rest } = next;
    return { ...rest, ...(earlier.etag === undefined ? {} : { etag: earlier.etag }) };
  }
  if (next.kind === 'update') return { ...earlier, fields: { ...earlier.fields, ...next.fields } };
  return undefined;
}

/** A record with an edit's fields on top (what the owner sees until the school has it). */
export function folded(record: Fields, edit: OutboxEdit): Fields | undefined {
  if (isEnrollmentEdit(edit)) return record;
  if (edit.kind === 'delete') return undefined;
  return { ...record, ...edit.fields };
}

/**
 * An enrollment as the owner sees it with an unsent change on top (undefined: removed). `now`
 * is unix seconds; an extension by days counts from the later of now and the current end.
 */
export function foldedEnrollment(
  current: Fields | undefined,
  edit: EnrollmentEdit,
  now: number,
  newId: () => string,
): Fields | undefined {
  const { studentId, courseId } = edit;
  switch (edit.kind) {
    case 'enroll':
      return {
        ...(current ?? { id: newId(), studentId, courseId, createdAt: now }),
        endedAt: edit.endedAt ?? null,
        deliveryState: 'delivered',
      };
    case 'unenroll':
      return undefined;
    case 'expire':
      return current && { ...current, endedAt: now, deliveryState: 'expired' };
    case 'extend':
      return (
        current && { ...current, ...extendedEnd(current, edit.by, now), deliveryState: 'delivered' }
      );
  }
}

/** The end an extension gives an enrollment, as the platform computes it. */
export function extendedEnd(
  current: Fields,
  by: ExtendBy,
  now: number,
): { endedAt?: number | null } {
  if ('indefinite' in by) return { endedAt: null };
  if ('endedAt' in by) return { endedAt: by.endedAt };
  const end = current['endedAt'];
  // Lifetime access stays lifetime: extending it by days changes nothing.
  if (end === null) return {};
  return { endedAt: Math.max(now, typeof end === 'number' ? end : now) + by.days * 86_400 };
}

/**
 * Compares the school's current record with an edit made on `base`: `applied` when the
 * edit's values already hold (an earlier attempt reached the school and its answer was lost),
 * else the fields both sides changed to different values. Fields only the school changed
 * are not the edit's, so they are kept as the school has them. A field both changed that is
 * merged part by part (FIELD_MERGES: a course's curriculum) is no clash when the changes do
 * not collide: `fields` carries the merge to send on the school's version.
 */
export function compareWithSchool(
  edit: Fields,
  base: Fields | undefined,
  theirs: Fields,
): { applied: boolean; clashes: string[]; fields: Fields } {
  const names = Object.keys(edit);
  const applied = names.every((name) => same(theirs[name], edit[name]));
  const fields = { ...edit };
  const clashes = names.filter((name) => {
    if (same(theirs[name], edit[name])) return false;
    // Without the base we cannot tell who changed it: the owner decides.
    if (base !== undefined && same(theirs[name], base[name])) return false;
    const merge = FIELD_MERGES[name];
    if (!merge || base === undefined) return true;
    const merged = merge(base[name], edit[name], theirs[name]);
    if (merged.collided) return true;
    fields[name] = merged.value;
    return false;
  });
  return { applied, clashes, fields };
}

/**
 * The edit's fields as "Keep mine" sends them on the school's version: the owner's values,
 * and for a field merged part by part (FIELD_MERGES) the merge of both sides with the owner's
 * way where they collide, so what the school changed elsewhere in it (the outline) is kept.
 */
export function mineOverSchool(edit: Fields, base: Fields | undefined, theirs: Fields): Fields {
  if (base === undefined) return edit;
  const fields = { ...edit };
  for (const name of Object.keys(edit)) {
    const merge = FIELD_MERGES[name];
    if (merge) fields[name] = merge(base[name], edit[name], theirs[name]).value;
  }
  return fields;
}

/** Value equality for JSON values (field order in objects does not matter). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) =>
    same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
