import type { LogSink } from '../adapters';
import { isAuthError } from '../auth/errors';
import { ConflictError, isPlatformError, ValidationError } from '../platform/errors';
import type { PlatformClient } from '../platform/platform-client';
import type { Enrollment } from '../platform/schemas';
import type { EntityName } from '../../shared/entity-names';
import {
  compareWithSchool,
  same,
  extendedEnd,
  isEnrollmentEdit,
  type EnrollmentEdit,
  type Fields,
  type OutboxEntry,
} from './outbox-entry';
import type { Outbox } from './outbox';

/** What replay sends with (a PlatformClient on the school's write budget). */
export type ReplayClient = Pick<
  PlatformClient,
  | 'create'
  | 'update'
  | 'remove'
  | 'get'
  | 'enroll'
  | 'removeEnrollment'
  | 'expireEnrollment'
  | 'extendEnrollment'
  | 'listEnrollments'
>;

/** What sending an entry needs: the outbox, the client, and whom to tell what landed. */
export type SendOptions = {
  outbox: Outbox;
  client: ReplayClient;
  /** The school answered a write: put its version into the copy (folded with later edits). */
  onApplied: (entity: EntityName, record: Fields, etag: string | undefined, was?: string) => void;
  /** A record is gone from the school (deleted here, or already gone). */
  onGone: (entity: EntityName, id: string) => void;
  /** An enrollment change reached the school: its version, or undefined when removed. */
  onEnrollment?: (studentId: string, courseId: string, record?: Enrollment, etag?: string) => void;
  /** The school no longer accepts the session: entries wait until the owner signs in again. */
  onSignInNeeded?: () => void;
  log: LogSink;
};

/** halt: try again after a backoff; signIn: wait until the owner signs in again. */
export type Outcome = 'done' | 'parked' | 'halt' | 'signIn';

/** How many times an update is sent again on a fresh ETag before the owner is asked. */
const MERGE_ATTEMPTS = 3;

/**
 * One attempt at one outbox entry, exactly once (see OutboxReplay for the rules): a create
 * with its Idempotency-Key, an update on the ETag its edit saw (a 412 read against the
 * school's record), a delete on a version, an enrollment change as the school takes it.
 * A failure is sorted into an outcome here; when to try again is OutboxReplay's to decide.
 */
export class EntrySender {
  constructor(private readonly o: SendOptions) {}

  /** Sends one entry (marked sending first); answers how the attempt ended. */
  async send(entry: OutboxEntry): Promise<Outcome> {
    if (!this.o.outbox.markSending(entry.id)) return 'done';
    const sending: OutboxEntry = { ...entry, state: 'sending', attempts: entry.attempts + 1 };
    try {
      const { edit } = sending;
      if (isEnrollmentEdit(edit)) return await this.sendEnrollment(sending, edit);
      if (edit.kind === 'create') {
        const answer = await this.o.client.create(edit.entity, edit.fields, {
          idempotencyKey: sending.idempotencyKey,
        });
        // One journal frame: the later edits of the record name its id and version at once.
        await this.o.outbox.created(sending.id, edit.id, answer.record.id, answer);
        this.o.onApplied(edit.entity, answer.record, answer.etag, edit.id);
        return 'done';
      }
      if (edit.kind === 'delete') return await this.sendDelete(sending);
      return await this.sendUpdate(sending);
    } catch (error) {
      return this.failed(sending, error);
    }
  }

  private async sendDelete(entry: OutboxEntry): Promise<Outcome> {
    const { edit } = entry;
    if (edit.kind !== 'delete') throw new TypeError('not a delete');
    try {
      // Every delete names a version: one made on a row without its ETag (from a list) asks
      // for the school's first, and goes only if the school still has what the owner saw.
      let etag = edit.etag;
      if (etag === undefined) {
        const current = await this.o.client.get(edit.entity, edit.id);
        const changed = changedSince(entry.base, current.record);
        if (changed.length > 0 || current.etag === undefined)
          return await this.park(entry, {
            code: 'conflict',
            theirs: current.record,
            ...(current.etag ? { theirsEtag: current.etag } : {}),
            fields: changed,
          });
        etag = current.etag;
      }
      await this.o.client.remove(edit.entity, edit.id, { etag });
    } catch (error) {
      // Gone already: deleted elsewhere, or by an attempt whose answer was lost.
      if (!isPlatformError(error, 'not_found')) {
        if (error instanceof ConflictError)
          return this.park(entry, {
            code: 'conflict',
            theirs: error.current as Fields,
            ...(error.currentEtag ? { theirsEtag: error.currentEtag } : {}),
            fields: [],
          });
        throw error;
      }
    }
    await this.o.outbox.drop(entry.id);
    this.o.onGone(edit.entity, edit.id);
    return 'done';
  }

  private async sendUpdate(entry: OutboxEntry): Promise<Outcome> {
    const { edit } = entry;
    if (edit.kind !== 'update') throw new TypeError('not an update');
    let etag = edit.etag;
    let fields = edit.fields;
    for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt += 1) {
      let theirs: { record: Fields; etag: string | undefined };
      if (etag !== undefined) {
        try {
          const answer = await this.o.client.update(edit.entity, edit.id, fields, {
            etag,
          });
          await this.landed(entry, answer.record, answer.etag);
          return 'done';
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error;
          theirs = { record: error.current as Fields, etag: error.currentEtag };
        }
      } else {
        // The edit was made on a row without its version (one that came from a list).
        const current = await this.o.client.get(edit.entity, edit.id);
        theirs = { record: current.record, etag: current.etag };
      }
      const compared = compareWithSchool(edit.fields, entry.base, theirs.record);
      const { applied, clashes } = compared;
      if (applied) {
        await this.landed(entry, theirs.record, theirs.etag);
        return 'done';
      }
      if (clashes.length > 0 || theirs.etag === undefined)
        return this.park(entry, {
          code: 'conflict',
          theirs: theirs.record,
          ...(theirs.etag ? { theirsEtag: theirs.etag } : {}),
          fields: clashes,
        });
      // Only other fields changed on the school (or its curriculum changes merge with the
      // owner's): the edit goes again on its version.
      etag = theirs.etag;
      fields = compared.fields;
    }
    return this.park(entry, { code: 'refused', reason: 'changed_repeatedly' });
  }

  /** One change of an enrollment; each is safe to repeat as sent (see EnrollmentEdit). */
  private async sendEnrollment(entry: OutboxEntry, edit: EnrollmentEdit): Promise<Outcome> {
    const { client } = this.o;
    const { studentId, courseId } = edit;
    let answer: { record: Enrollment; etag: string | undefined } | undefined;
    if (edit.kind === 'enroll') {
      const fields = edit.endedAt === undefined ? {} : { endedAt: edit.endedAt };
      answer = await client.enroll(studentId, courseId, fields);
    } else if (edit.kind === 'expire') {
      answer = await client.expireEnrollment(studentId, courseId);
    } else if (edit.kind === 'unenroll') {
      try {
        await client.removeEnrollment(studentId, courseId);
      } catch (error) {
        // Removed already (elsewhere, or by an attempt whose answer was lost).
        if (!isPlatformError(error, 'not_found')) throw error;
      }
    } else {
      let by = edit.by;
      if ('days' in by) {
        // Days count from the end the school has now; the date they give is kept, so a
        // repeat after a lost answer asks for the same end instead of adding the days again.
        const { rows } = await client.listEnrollments(studentId, { limit: 1000 });
        const current = rows.find((row) => row.courseId === courseId);
        if (!current) return this.park(entry, { code: 'gone' });
        const end = extendedEnd(current, by, Math.floor(Date.now() / 1000));
        if (end.endedAt === undefined) {
          await this.o.outbox.drop(entry.id);
          this.o.onEnrollment?.(studentId, courseId, current);
          return 'done';
        }
        by = end.endedAt === null ? { indefinite: true } : { endedAt: end.endedAt };
        await this.o.outbox.put({ ...entry, edit: { ...edit, by } });
      }
      answer = await client.extendEnrollment(studentId, courseId, by);
    }
    await this.o.outbox.drop(entry.id);
    this.o.onEnrollment?.(studentId, courseId, answer?.record, answer?.etag);
    return 'done';
  }

  /** An update reached the school: later edits of the record build on its version. */
  private async landed(entry: OutboxEntry, record: Fields, etag: string | undefined) {
    const { edit } = entry;
    if (isEnrollmentEdit(edit)) throw new TypeError('not a record edit');
    const { entity } = edit;
    // One journal frame: a crash cannot leave the later edits on the version before.
    await this.o.outbox.drop(entry.id, { record, etag });
    this.o.onApplied(entity, record, etag);
  }

  private async failed(entry: OutboxEntry, error: unknown): Promise<Outcome> {
    if (error instanceof ValidationError)
      return this.park(entry, { code: 'invalid', fields: error.fields });
    if (isPlatformError(error, 'not_found')) return this.park(entry, { code: 'gone' });
    if (isAuthError(error, 'insufficient_scope', 'step_up_limit'))
      return this.park(entry, { code: 'scope' });
    if (isAuthError(error, 'invalid_grant', 'invalid_client', 'not_signed_in')) {
      await this.o.outbox.put({ ...entry, state: 'waiting' });
      this.o.onSignInNeeded?.();
      return 'signIn';
    }
    if (isPlatformError(error, 'request_failed', 'already_created'))
      return this.park(entry, { code: 'refused', reason: error.serverCode ?? 'request_failed' });
    // No answer, a 5xx, a 429 not waited out, or something unforeseen: try again later. The
    // entry waits again in memory only: nothing about it changed that needs writing down.
    this.o.log.warn(
      `outbox: the ${entry.edit.kind} of ${entry.edit.entity} ${entry.edit.id} will be sent again (${nameOf(error)})`,
    );
    this.o.outbox.markWaiting(entry.id);
    return 'halt';
  }

  private async park(entry: OutboxEntry, problem: OutboxEntry['problem']): Promise<Outcome> {
    await this.o.outbox.put({ ...entry, state: 'needs_you', ...(problem ? { problem } : {}) });
    return 'parked';
  }
}

function nameOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
}

/** The fields of `base` the school's record no longer has as they were (all, without a base). */
function changedSince(base: Fields | undefined, theirs: Fields): string[] {
  if (!base) return Object.keys(theirs);
  return Object.keys(base).filter((name) => !same(base[name], theirs[name]));
}
