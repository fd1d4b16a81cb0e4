import type { EntityName } from '../../shared/entity-names';

/**
 * Notes what is written into the mirror while an id sweep runs. The local-first data layer
 * and the outbox write a record the school answered (a create, a save) straight into the
 * mirror; a sweep that began before must not drop it. The mirror tells of every write
 * (SyncMirror.onRecordsWritten); sync's own are of records the sweep meets anyway.
 */
export class WriteTracker {
  private readonly active = new Map<EntityName, Set<Set<string>>>();

  /** Starts collecting the ids written into `area`; `stop` ends it. */
  track(area: EntityName): { ids(): ReadonlySet<string>; stop(): void } {
    const ids = new Set<string>();
    let sets = this.active.get(area);
    if (!sets) {
      sets = new Set();
      this.active.set(area, sets);
    }
    sets.add(ids);
    return {
      ids: () => ids,
      stop: () => {
        sets.delete(ids);
      },
    };
  }

  /** Notes that records of `area` were written: every sweep of it running now keeps them. */
  note(area: EntityName, ids: readonly string[]): void {
    for (const set of this.active.get(area) ?? []) for (const id of ids) set.add(id);
  }
}
