import { randomUUID } from 'node:crypto';
import { ConflictError, isPlatformError, RateLimitedError } from '../platform/errors';
import type { PlatformClient, Versioned, WritableOf } from '../platform/platform-client';
import type { EntityName, RecordOf } from '../platform/schemas';
import type { Outbox } from './outbox';
import { isEnrollmentEdit, same, type Fields, type OutboxEntry } from './outbox-entry';
import { conditionalRemove, conditionalUpdate, shownBase } from './conditional-writes';
import type { SyncView } from '../data/sync-view';
import { isNoAnswer } from '../platform/errors';

/**
 * A write's answer: `pending` when it is saved on this computer and not yet at the school;
 * `retryAt` (unix ms) when the school asked us to slow down (429) and it is sent then.
 */
export type Pending = { pending?: true; retryAt?: number };

/**
 * The owner's saves never wait out a 429 (up to two minutes, with nothing on the screen):
 * the write waits in the outbox instead, and replay sends it once the school's wait is over.
 */
export const NO_RATE_LIMIT_WAIT = { maxRetryAfterMs: 0 };

/**
 * The failures that end a write the owner made with the school answering: it said no (a
 * conflict, invalid fields, a record gone, access missing). The edit leaves the outbox and
 * the owner sees the answer at once, as before the outbox. Anything else (no answer, a 5xx,
 * a 429 not waited out) leaves the edit waiting in the outbox.
 */
export function isRefusal(error: unknown): boolean {
  if (isNoAnswer(error) || isPlatformError(error, 'server_error', 'rate_limited')) return false;
  // A sign-in the session waited for in vain (AuthError timeout) is no answer either.
  return (error as { code?: unknown } | null)?.code !== 'timeout';
}

/**
 * The owner's single-record writes, through the outbox: each is durable on this computer
 * first, shows in the local copy at once (folded over the school's version), and is sent at
 * once when the school answers. A write the school refuses is taken back and its error
 * thrown, as the screens expect; one that finds no answer stays queued and resolves
 * `pending`, and replay (outbox-replay.ts) sends it later.
 */
export class OutboxWrites {
  constructor(
    private readonly outbox: Outbox,
    private readonly network: PlatformClient,
    private readonly sync: SyncView,
    /**
     * A write was left waiting: replay should try it (it waits for the school itself), not
     * before `retryAt` (unix ms) when the school asked us to slow down.
     */
    private readonly onQueued: (retryAt?: number) => void = () => undefined,
  ) {}

  async create<E extends EntityName>(
    entity: E,
    fields: WritableOf<E>,
    options: { signal?: AbortSignal; idempotencyKey?: string } = {},
  ): Promise<Versioned<RecordOf<E>> & { created: boolean; replayed: boolean } & Pending> {
    const key = options.idempotencyKey;
    const earlier = key
      ? this.outbox.entries().find((e) => e.idempotencyKey === key && e.edit.kind === 'create')
      : undefined;
    if (earlier) return this.createdBefore(entity, earlier, fields);
    const id = randomUUID();
    const { entry } = await this.outbox.add(
      { kind: 'create', entity, id, fields },
      undefined,
      options.idempotencyKey,
    );
    const local = { id, ...fields };
    if (!entry) throw new Error('a new record cannot cancel out');
    let retryAt: number | undefined;
    if (this.sync.isReachable() && (await this.claim(entry))) {
      try {
        const answer = await this.network.create(entity, fields, {
          ...options,
          ...NO_RATE_LIMIT_WAIT,
          idempotencyKey: entry.idempotencyKey,
        });
        // One journal frame: the entry goes and later edits take the school's version.
        await this.outbox.created(entry.id, id, answer.record.id, answer);
        this.applied(entity, answer.record, answer.etag, id);
        return answer;
      } catch (error) {
        retryAt = await this.settleFailure(entry, error);
      }
    }
    this.show(entity, local);
    this.onQueued(retryAt);
    // Until the school answers, the record is what the owner entered (which the form checked
    // against the same schema) under its temporary id.
    const record = local as unknown as RecordOf<E>;
    return { record, etag: undefined, created: true, replayed: false, ...waiting(retryAt) };
  }

  /**
   * The same create again, under the key of an earlier attempt that still waits here (its
   * answer was lost on the way to the screen): nothing new is made. Values changed since go
   * into that record (the owner's last values win), and the answer says `replayed`.
   */
  private async createdBefore<E extends EntityName>(
    entity: E,
    earlier: OutboxEntry,
    fields: WritableOf<E>,
  ): Promise<Versioned<RecordOf<E>> & { created: boolean; replayed: boolean } & Pending> {
    const { edit } = earlier;
    if (edit.kind !== 'create') throw new TypeError('not a create');
    const changed = Object.fromEntries(
      Object.entries(fields).filter(([name, value]) => !same(edit.fields[name], value)),
    );
    if (Object.keys(changed).length > 0)
      await this.outbox.add({ kind: 'update', entity, id: edit.id, fields: changed });
    const shown = { ...this.outbox.fold(entity, edit.id, { id: edit.id }), id: edit.id };
    this.show(entity, shown);
    this.onQueued();
    const record = shown as unknown as RecordOf<E>;
    return { record, etag: undefined, created: true, replayed: true, pending: true };
  }

  /**
   * The version an update or delete is made on. The screen's ETag names a school version only
   * while no edit of the record is unsent; otherwise the edit waits for the earlier one, which
   * gives it the version it made. So does what the screen showed (without a version), which
   * is then the school's.
   */
  private editedVersion(
    entity: EntityName,
    id: string,
    options: { etag?: string; seen?: Fields },
  ): { etag: string | undefined; base: Fields | undefined } {
    const fresh = this.outbox.pendingFor(entity, id).length === 0;
    const version = this.schoolVersion(entity, id);
    return fresh
      ? { etag: options.etag, base: shownBase(version, options.seen) }
      : { etag: undefined, base: version };
  }

  async update<E extends EntityName>(
    entity: E,
    id: string,
    fields: WritableOf<E>,
    options: { signal?: AbortSignal; etag?: string; seen?: Fields },
  ): Promise<Versioned<RecordOf<E>> & Pending> {
    const { seen: _seen, ...call } = options;
    const { etag, base } = this.editedVersion(entity, id, options);
    const { entry } = await this.outbox.add(
      { kind: 'update', entity, id, fields, ...(etag ? { etag } : {}) },
      base,
    );
    const shown = { ...(this.outbox.fold(entity, id, base ?? { id }) ?? {}), id };
    this.show(entity, shown);
    const alone = entry && this.outbox.pendingFor(entity, id).length === 1;
    let retryAt: number | undefined;
    if (entry && alone && this.sync.isReachable() && (await this.claim(entry))) {
      try {
        // Without an ETag (a row from a list) the school is asked for its version first.
        const answer = await conditionalUpdate(this.network, entity, id, fields, base, {
          ...call,
          ...NO_RATE_LIMIT_WAIT,
          etag,
        });
        await this.outbox.drop(entry.id, answer);
        this.applied(entity, answer.record, answer.etag);
        return answer;
      } catch (error) {
        retryAt = await this.settleFailure(entry, error);
      }
    }
    this.onQueued(retryAt);
    // The school's version with the owner's unsent fields on top.
    return { record: shown as unknown as RecordOf<E>, etag: undefined, ...waiting(retryAt) };
  }

  async remove(
    entity: EntityName,
    id: string,
    options: { signal?: AbortSignal; etag?: string; seen?: Fields } = {},
  ): Promise<Pending> {
    const { seen: _seen, ...call } = options;
    const { etag, base } = this.editedVersion(entity, id, options);
    const { entry } = await this.outbox.add(
      { kind: 'delete', entity, id, ...(etag ? { etag } : {}) },
      base,
    );
    this.hide(entity, id);
    if (!entry) return {};
    const alone = this.outbox.pendingFor(entity, id).length === 1;
    let retryAt: number | undefined;
    if (alone && this.sync.isReachable() && (await this.claim(entry))) {
      try {
        // Without an ETag the school is asked for its version, as replay does.
        await conditionalRemove(this.network, entity, id, base, {
          ...call,
          ...NO_RATE_LIMIT_WAIT,
          etag,
        });
        await this.outbox.drop(entry.id);
        return {};
      } catch (error) {
        if (isPlatformError(error, 'not_found')) {
          await this.outbox.drop(entry.id);
          return {};
        }
        retryAt = await this.settleFailure(entry, error);
      }
    }
    this.onQueued(retryAt);
    return waiting(retryAt);
  }

  /** The school answered a write (here or in replay): its version, with later edits on top. */
  applied(entity: EntityName, record: Fields, etag: string | undefined, was?: string): void {
    if (!this.sync.isSynced(entity)) return;
    if (was) this.sync.copy.remove(entity, [was]);
    const id = String(record['id']);
    const shown = this.outbox.fold(entity, id, record);
    if (shown) {
      this.sync.copy.upsert(entity, [{ ...shown, id }]);
      // The ETag names the school's version: only a row without unsent edits may carry it.
      const exact = this.outbox.pendingFor(entity, id).length === 0;
      this.sync.copy.setEtag(entity, id, exact ? etag : undefined);
    } else this.sync.copy.remove(entity, [id]);
    this.sync.changed(entity);
  }

  /** A record is gone from the school. */
  gone(entity: EntityName, id: string): void {
    this.hide(entity, id);
  }

  /**
   * Takes an edit back (the owner discarded it, or the school refused it): the copy shows
   * the school's version again, with the record's other unsent edits on top.
   */
  async discard(entry: OutboxEntry): Promise<void> {
    await this.outbox.drop(entry.id);
    const { edit } = entry;
    // An enrollment shows the school's again at the next look at the student's list.
    if (isEnrollmentEdit(edit)) return this.sync.changed('students');
    const { entity, id } = edit;
    if (edit.kind === 'create') return this.hide(entity, id);
    const base = entry.base;
    const shown = base ? this.outbox.fold(entity, id, base) : undefined;
    if (shown) this.show(entity, { ...shown, id });
    else if (edit.kind === 'delete' && base) this.show(entity, { ...base, id });
  }

  /** Marks an entry as out, unless replay took it first. */
  private claim(entry: OutboxEntry): Promise<boolean> {
    return Promise.resolve(this.outbox.markSending(entry.id));
  }

  /**
   * A refused write is taken back and thrown; one that found no answer waits for replay.
   * Answers when the school asked to be written to again (a 429's Retry-After), if it did.
   */
  private async settleFailure(entry: OutboxEntry, error: unknown): Promise<number | undefined> {
    const current = this.outbox.entries().find((e) => e.id === entry.id) ?? entry;
    if (isRefusal(error)) {
      await this.discard(current);
      // A conflict brought the school's version: the copy shows it (not what the screen saw).
      const { edit } = current;
      if (error instanceof ConflictError && !isEnrollmentEdit(edit) && edit.kind !== 'create')
        this.applied(edit.entity, error.current as Fields, error.currentEtag);
      throw error;
    }
    await this.outbox.put({ ...current, state: 'waiting' });
    return error instanceof RateLimitedError && error.retryAfterMs !== undefined
      ? this.sync.now() + error.retryAfterMs
      : undefined;
  }

  /** The record as the copy holds the school's version (no unsent edit of it yet). */
  private schoolVersion(entity: EntityName, id: string): Fields | undefined {
    if (this.outbox.pendingFor(entity, id).length > 0) {
      const first = this.outbox.pendingFor(entity, id)[0];
      return first?.base;
    }
    if (!this.sync.isSynced(entity)) return undefined;
    return this.sync.copy.get(entity, id)?.record as Fields | undefined;
  }

  private show(entity: EntityName, record: Fields & { id: string }): void {
    if (!this.sync.isSynced(entity)) return;
    this.sync.copy.upsert(entity, [record]);
    this.sync.copy.setEtag(entity, record.id, undefined);
    this.sync.changed(entity);
  }

  private hide(entity: EntityName, id: string): void {
    if (!this.sync.isSynced(entity)) return;
    this.sync.copy.remove(entity, [id]);
    this.sync.changed(entity);
  }
}

/** A write's answer while it waits here, with when it is sent again if the school said. */
function waiting(retryAt: number | undefined): { pending: true; retryAt?: number } {
  return retryAt === undefined ? { pending: true } : { pending: true, retryAt };
}
