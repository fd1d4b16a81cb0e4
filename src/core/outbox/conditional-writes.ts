import { ConflictError } from '../platform/errors';
import type { PlatformClient, Versioned, WritableOf } from '../platform/platform-client';
import type { EntityName, RecordOf } from '../platform/schemas';
import { compareWithSchool, same, type Fields } from './outbox-entry';

/** What a write on the owner's behalf may say of its request. */
export type WriteOptions = {
  signal?: AbortSignal;
  /** The version the edit was made on; absent when the screen knew none. */
  etag?: string;
  /** A 429 asking to wait longer than this is not waited out (see PlatformClient). */
  maxRetryAfterMs?: number;
};

type Network = Pick<PlatformClient, 'get' | 'update' | 'remove'>;

/**
 * The record as the owner was shown it: what the screen says it showed (`seen`, sent when it
 * knew no version) over the local copy's record, which a sync may have moved on since.
 */
export function shownBase(copy: Fields | undefined, seen: Fields | undefined): Fields | undefined {
  return seen ? { ...copy, ...seen } : copy;
}

/**
 * Changes the given fields as the owner meant them, always on a named version.
 * SECURITY: without an ETag (a row that came from a list, or the copy while the school did not
 * answer) the school is asked for its version first, so the save stays conditional and a
 * stale one cannot overwrite someone else's edit. What the school holds is then read as a 412
 * would be: when it already holds the edit, that is success (an earlier attempt landed); when
 * it changed only other fields, the edit goes on its version; a field both changed is the
 * owner's to decide (ConflictError with the school's record).
 * `base` is the record as this computer last had it from the school (undefined when unknown:
 * then every field that differs counts as changed on both sides).
 */
export async function conditionalUpdate<E extends EntityName>(
  network: Network,
  entity: E,
  id: string,
  fields: WritableOf<E>,
  base: Fields | undefined,
  options: WriteOptions,
): Promise<Versioned<RecordOf<E>>> {
  const { etag, ...call } = options;
  let theirs: Versioned<RecordOf<E>>;
  if (etag === undefined) {
    theirs = await network.get(entity, id, call);
  } else {
    try {
      return await network.update(entity, id, fields, { ...call, etag });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      theirs = { record: error.current as RecordOf<E>, etag: error.currentEtag };
    }
  }
  const compared = compareWithSchool(fields, base, theirs.record);
  if (compared.applied) return theirs;
  if (compared.clashes.length > 0 || theirs.etag === undefined)
    throw new ConflictError(theirs.record, theirs.etag);
  const merged = compared.fields as WritableOf<E>;
  return await network.update(entity, id, merged, { ...call, etag: theirs.etag });
}

/**
 * Deletes a record, always on a named version. SECURITY: without an ETag the school is asked
 * for its version first, and the delete goes only when the school still has what this
 * computer saw (`base`); otherwise ConflictError with the school's record. Without a base
 * nothing can be compared, so that too is the owner's to decide.
 */
export async function conditionalRemove(
  network: Network,
  entity: EntityName,
  id: string,
  base: Fields | undefined,
  options: WriteOptions,
): Promise<void> {
  const { etag: known, ...call } = options;
  let etag = known;
  if (etag === undefined) {
    const current = await network.get(entity, id, call);
    const record = current.record as Fields;
    const changed = !base || Object.keys(base).some((name) => !same(base[name], record[name]));
    if (changed || current.etag === undefined) throw new ConflictError(record, current.etag);
    etag = current.etag;
  }
  await network.remove(entity, id, { ...call, etag });
}
