import type { EntityName } from '../../shared/entity-names';
import {
  metaKey,
  readUnreadable,
  unreadableKey,
  type AreaMeta,
  type SyncMirror,
} from './area-state';
import type { PageAnswer, SyncRecord } from './page-walk';

/**
 * The most a school's local copy may take, every area together: 256 MiB. SECURITY: a school
 * that sends page after page of large records (each page under the 16 MiB answer cap) would
 * otherwise grow the copy, and the host's memory with it: the copy lives in memory, about
 * three times over while it is saved, and an 862 MiB copy took the host to 4.6 GB. The
 * 100,000-student demo school takes 48 MiB, so this leaves five times that for schools with
 * long descriptions and curricula.
 */
export const MAX_COPY_BYTES = 256 * 1024 * 1024;

/** The copy grew past MAX_COPY_BYTES: the area is not kept (SchoolSync says so). */
export class CopyTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(`the school's copy would take ${bytes} bytes, past ${MAX_COPY_BYTES}`);
    this.name = 'CopyTooLargeError';
  }
}

/**
 * How a pull writes one area into the mirror: the records of each page it fetched (the copy
 * bounded by `maxCopyBytes`), the ids of those the school sent unreadable, and the area's
 * sync state.
 */
export class AreaWriter {
  constructor(
    private readonly mirror: SyncMirror,
    readonly area: EntityName,
    private readonly maxCopyBytes = MAX_COPY_BYTES,
  ) {}

  /** The records the school holds as the mirror knows them: stored, or known unreadable. */
  held(): number {
    return this.mirror.count(this.area) + readUnreadable(this.mirror, this.area).length;
  }

  /**
   * Stores the records that differ from the mirror's, and answers how many changed
   * (unreadable ones included). A record older than the stored one (by updatedAt) is
   * skipped: a page fetched before the app saved a record must not put the older version
   * back.
   */
  store(answer: PageAnswer): number {
    return this.storeReadable(answer.nodes) + this.noteUnreadable(answer);
  }

  /**
   * Keeps the ids of the page's unreadable records (a record read again leaves the list), so
   * lists answered from the mirror still say how many are not shown. A stored version of a
   * record the school now sends unreadable leaves the mirror: it is no longer what the
   * school holds, and a list from the school would not show it either.
   */
  private noteUnreadable(answer: PageAnswer): number {
    const { mirror, area } = this;
    const incoming = answer.unreadableIds ?? [];
    const known = new Set(readUnreadable(mirror, area));
    if (known.size === 0 && incoming.length === 0) return 0;
    let changed = 0;
    for (const node of answer.nodes) if (known.delete(node.id)) changed += 1;
    for (const id of incoming) {
      if (known.has(id)) continue;
      known.add(id);
      changed += 1;
    }
    const stale = incoming.filter((id) => mirror.get(area, id) !== undefined);
    if (stale.length > 0) mirror.remove(area, stale);
    if (changed > 0) this.writeUnreadable([...known]);
    return changed + stale.length;
  }

  /** Replaces the area's unreadable ids. */
  writeUnreadable(ids: string[]): void {
    this.mirror.setMeta(unreadableKey(this.area), ids.length > 0 ? ids.sort() : undefined);
  }

  private storeReadable(nodes: readonly SyncRecord[]): number {
    const changed = this.mirror.upsert(this.area, nodes);
    this.checkSize();
    return changed;
  }

  /** Throws CopyTooLargeError when the copy has grown past its cap. */
  checkSize(): void {
    const bytes = this.mirror.sizeBytes?.() ?? 0;
    if (bytes > this.maxCopyBytes) throw new CopyTooLargeError(bytes);
  }

  /** Replaces the area's sync state. */
  writeMeta(meta: AreaMeta): void {
    this.mirror.setMeta(metaKey(this.area), meta);
  }

  /** The area's sync state as a meta entry, for a bulk load to store with its batch. */
  metaEntry(meta: AreaMeta): { key: string; value: unknown } {
    return { key: metaKey(this.area), value: meta };
  }
}
