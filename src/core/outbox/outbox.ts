import { randomUUID } from 'node:crypto';
import type { EntityName } from '../../shared/entity-names';
import {
  coalesce,
  enrollmentKey,
  folded,
  isEnrollmentEdit,
  recordKey,
  type Fields,
  type OutboxEdit,
  type OutboxEntry,
} from './outbox-entry';

/** One change of the store: an entry's whole new state, or the entry gone. */
export type OutboxStoreRecord =
  { op: 'put'; id: string; value: unknown } | { op: 'drop'; id: string };

/** Where one school's outbox entries are made durable (OutboxTable in the app). */
export interface OutboxStore {
  /** The live entries by id, as the last appends left them. */
  open(): Promise<Map<string, unknown>>;
  /**
   * Applies the records together (all or none); resolves once they are on disk (fsynced),
   * or at once when the school's data is kept in memory only.
   */
  append(records: OutboxStoreRecord[]): Promise<void>;
  wipe(): Promise<void>;
}

/** What add() made of an edit: the entry that carries it now, or none (it cancelled out). */
export type Added = { entry: OutboxEntry | undefined };

/** A record as the school answered a write of it, with the ETag of that version. */
export type SchoolVersion = { record: Fields; etag: string | undefined };

/**
 * A school's unsent writes, durable before they are acknowledged: `add` resolves only once
 * the store holds the edit. Edits of one record are kept in order; an edit of a record
 * whose last entry is still waiting merges into it (the owner's last value wins), so one
 * request carries them. Reads fold the entries over the local copy (`fold`).
 *
 * Changes are serialised: each waits for the store append of the one before, so two
 * quick edits of one record merge as if made one after the other.
 */
export class Outbox {
  private readonly byId = new Map<string, OutboxEntry>();
  private chain: Promise<unknown> = Promise.resolve();
  private nextSeq = 1;
  private readonly listeners = new Set<() => void>();
  /** The school's id of each record made here this run, by the id it had here. */
  private readonly aliases = new Map<string, string>();

  private constructor(
    private readonly store: OutboxStore,
    private readonly now: () => number,
  ) {}

  /** Opens the school's outbox as its store left it (after a restart, exactly as it was). */
  static async open(options: { store: OutboxStore; now?: () => number }): Promise<Outbox> {
    const outbox = new Outbox(options.store, options.now ?? Date.now);
    const stored = await options.store.open();
    for (const value of stored.values()) {
      const entry = value as OutboxEntry;
      // A request that was out when the app stopped is sent again: its key makes a create
      // safe to repeat, and an update's ETag turns a repeat into a 412 that replay reads.
      outbox.byId.set(entry.id, entry.state === 'sending' ? { ...entry, state: 'waiting' } : entry);
      outbox.nextSeq = Math.max(outbox.nextSeq, entry.seq + 1);
    }
    return outbox;
  }

  /**
   * The id a record has now: a screen that opened a record made here may still ask by the id
   * it had before the school gave it its own.
   */
  currentId(id: string): string {
    return this.aliases.get(id) ?? id;
  }

  /** Every entry, oldest first. */
  entries(): OutboxEntry[] {
    return [...this.byId.values()].sort((a, b) => a.seq - b.seq);
  }

  get size(): number {
    return this.byId.size;
  }

  /** The entries of one record, oldest first. */
  pendingFor(entity: OutboxEdit['entity'], id: string): OutboxEntry[] {
    const key = `${entity}/${id}`;
    return this.entries().filter((entry) => recordKey(entry.edit) === key);
  }

  /**
   * Ids of an area's records with unsent edits (a sweep must not drop them); a student with
   * an unsent change of an enrollment counts among the students.
   */
  pendingIds(entity: EntityName): Set<string> {
    const ids = new Set<string>();
    for (const { edit } of this.byId.values()) {
      if (edit.entity === entity) ids.add(edit.id);
      else if (isEnrollmentEdit(edit) && entity === 'students') ids.add(edit.studentId);
    }
    return ids;
  }

  /** True while a record made here has not reached the school (its id is not the school's). */
  isUnsentCreate(entity: EntityName, id: string): boolean {
    return this.pendingFor(entity, id).some((entry) => entry.edit.kind === 'create');
  }

  /** The unsent changes of one student's enrollments, oldest first. */
  enrollmentEdits(studentId: string): OutboxEntry[] {
    return this.entries().filter(
      (entry) => isEnrollmentEdit(entry.edit) && entry.edit.studentId === studentId,
    );
  }

  /**
   * A record as the owner sees it: the school's version with the unsent edits on top, or
   * undefined when an unsent delete hides it.
   */
  fold(entity: EntityName, id: string, record: Fields): Fields | undefined {
    let current: Fields | undefined = record;
    for (const entry of this.pendingFor(entity, id)) {
      if (current === undefined) break;
      current = folded(current, entry.edit);
    }
    return current;
  }

  /** Called after every change (an edit, a state, an entry sent or discarded). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Keeps an edit, merged into the record's last entry when that one still waits. `base` is
   * the record as the copy holds it now (the school's version the edit is made on);
   * `idempotencyKey` the caller's key for a create (one is minted when absent). Resolves
   * once the store holds it.
   *
   * The merge is decided and shown in one step, before the store write: replay must not
   * take the entry as it was while the write is under way (it would send the old values,
   * and the merged entry written after would undo its sending, or outlive its create). A
   * write that fails puts the entry back as it was.
   */
  add(edit: OutboxEdit, base?: Fields, idempotencyKey?: string): Promise<Added> {
    return this.serial(async () => {
      const last = this.pendingFor(edit.entity, edit.id).at(-1);
      // An entry the school refused for its values is the owner's to fix: a new edit of the
      // record is that fix, so it merges in and the entry waits to be sent again.
      const fixing = last?.state === 'needs_you' && last.problem?.code === 'invalid';
      const merged = last?.state === 'waiting' || fixing ? coalesce(last.edit, edit) : undefined;
      if (last && merged === 'drop') {
        await this.shownFirst(last.id, undefined, [{ op: 'drop', id: last.id }]);
        return { entry: undefined };
      }
      const entry: OutboxEntry =
        last && merged && merged !== 'drop'
          ? { ...withoutProblem(last), state: 'waiting', edit: merged, savedAt: this.now() }
          : {
              id: randomUUID(),
              seq: this.nextSeq++,
              edit,
              idempotencyKey: idempotencyKey ?? randomUUID(),
              ...(base === undefined ? {} : { base }),
              state: 'waiting',
              attempts: 0,
              savedAt: this.now(),
            };
      await this.shownFirst(entry.id, entry, [{ op: 'put', id: entry.id, value: entry }]);
      return { entry };
    });
  }

  /** Sets (or removes) an entry at once, then stores it; a failed write undoes the change. */
  private async shownFirst(
    id: string,
    entry: OutboxEntry | undefined,
    records: OutboxStoreRecord[],
  ): Promise<void> {
    const before = this.byId.get(id);
    if (entry) this.byId.set(id, entry);
    else this.byId.delete(id);
    this.changed();
    try {
      await this.store.append(records);
    } catch (error) {
      if (before) this.byId.set(id, before);
      else this.byId.delete(id);
      this.changed();
      throw error;
    }
  }

  /**
   * Marks an entry as out, in memory only: a restart sends it again anyway (`open` turns
   * `sending` back into `waiting`), so this needs no fsync, and replay makes one per entry
   * fewer. False when the entry is gone or not waiting (another sender took it).
   */
  markSending(entryId: string): boolean {
    const entry = this.byId.get(entryId);
    if (entry?.state !== 'waiting') return false;
    this.byId.set(entryId, { ...entry, state: 'sending', attempts: entry.attempts + 1 });
    this.changed();
    return true;
  }

  /**
   * Puts an entry that was out back to waiting, in memory only: an attempt that found no
   * answer changes nothing worth an fsync (a restart makes `sending` waiting anyway), so a
   * school that refuses writes costs no disk write per attempt.
   */
  markWaiting(entryId: string): void {
    const entry = this.byId.get(entryId);
    if (entry?.state !== 'sending') return;
    this.byId.set(entryId, { ...entry, state: 'waiting' });
    this.changed();
  }

  /** Replaces an entry's state (a problem, back to waiting, attempts); durable like an edit. */
  put(entry: OutboxEntry): Promise<void> {
    return this.serial(async () => {
      if (!this.byId.has(entry.id)) return;
      await this.store.append([{ op: 'put', id: entry.id, value: entry }]);
      this.byId.set(entry.id, entry);
      this.changed();
    });
  }

  /**
   * Forgets an entry (sent, or discarded by the owner). `landed`: its edit reached the school,
   * which now holds this version; the record's later entries are rebased on it (see rebase)
   * in the same transaction, so that a crash cannot leave them on the version before, where
   * replay would meet the owner's own earlier edit as a conflict.
   */
  drop(entryId: string, landed?: SchoolVersion): Promise<void> {
    return this.serial(async () => {
      const entry = this.byId.get(entryId);
      if (!entry) return;
      const others = [...this.byId.values()].filter((other) => other.id !== entryId);
      const later = landed ? this.rebased(recordKey(entry.edit), landed, others) : [];
      await this.store.append([{ op: 'drop', id: entryId }, ...putsOf(later)]);
      this.byId.delete(entryId);
      for (const rebased of later) this.byId.set(rebased.id, rebased);
      this.changed();
    });
  }

  /**
   * A create reached the school: `created` (the entry) leaves, and every later entry naming
   * the temporary id names the school's id instead, in one transaction. With `landed` (the
   * version the create made), the record's later entries are rebased on it in that frame too.
   */
  created(
    entryId: string,
    temporaryId: string,
    schoolId: string,
    landed?: SchoolVersion,
  ): Promise<void> {
    return this.serial(async () => {
      const create = this.byId.get(entryId)?.edit;
      let renamed = [...this.byId.values()]
        .filter((entry) => entry.id !== entryId && names(entry.edit, temporaryId))
        .map((entry) => ({ ...entry, edit: renamedEdit(entry.edit, temporaryId, schoolId) }));
      if (landed && create && !isEnrollmentEdit(create)) {
        const rebased = this.rebased(`${create.entity}/${schoolId}`, landed, renamed);
        renamed = renamed.map((entry) => rebased.find((r) => r.id === entry.id) ?? entry);
      }
      await this.store.append([{ op: 'drop', id: entryId }, ...putsOf(renamed)]);
      this.byId.delete(entryId);
      for (const entry of renamed) this.byId.set(entry.id, entry);
      this.aliases.set(temporaryId, schoolId);
      this.changed();
    });
  }

  /** The updates and deletes among `entries` of the record `key`, made on `version`. */
  private rebased(key: string, version: SchoolVersion, entries: Iterable<OutboxEntry>) {
    return [...entries]
      .filter((entry) => recordKey(entry.edit) === key && entry.edit.kind !== 'create')
      .map((entry): OutboxEntry => ({
        ...entry,
        base: version.record,
        edit:
          version.etag === undefined
            ? entry.edit
            : ({ ...entry.edit, etag: version.etag } as OutboxEdit),
      }));
  }

  /** Removes every entry from the store (the owner chose to discard them at sign-out). */
  wipe(): Promise<void> {
    return this.serial(async () => {
      this.byId.clear();
      await this.store.wipe();
      this.changed();
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.chain.then(work);
    // A failed append fails its caller; the next change still runs.
    this.chain = result.catch(() => undefined);
    return result;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

function putsOf(entries: OutboxEntry[]): OutboxStoreRecord[] {
  return entries.map((entry) => ({ op: 'put', id: entry.id, value: entry }));
}

/** Does an edit name this record (as its own id, or as an enrollment's student or course)? */
function names(edit: OutboxEdit, id: string): boolean {
  if (isEnrollmentEdit(edit)) return edit.studentId === id || edit.courseId === id;
  return edit.id === id;
}

/** The edit with the school's id where it named the temporary one. */
function renamedEdit(edit: OutboxEdit, from: string, to: string): OutboxEdit {
  if (!isEnrollmentEdit(edit)) return { ...edit, id: to };
  const studentId = edit.studentId === from ? to : edit.studentId;
  const courseId = edit.courseId === from ? to : edit.courseId;
  return { ...edit, studentId, courseId, id: enrollmentKey(studentId, courseId) };
}

/** An entry without its problem (the owner acted on it). */
function withoutProblem(entry: OutboxEntry): OutboxEntry {
  const { problem: _problem, ...rest } = entry;
  return rest;
}
