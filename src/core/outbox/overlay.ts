import type { EntityName } from '../../shared/entity-names';
import type { SyncMirror } from '../sync/area-state';
import type { SyncRecord } from '../sync/page-walk';

/**
 * The owner's unsent edits, as sync must respect them (the outbox implements it): a pass
 * stores the school's version with those edits on top, never without them, and never drops
 * a record that has one (a record made here is not at the school yet; one deleted there
 * meets its 404 in replay, where the owner is told).
 */
export interface SyncOverlay {
  /** The record with the unsent edits on top; undefined when an unsent delete hides it. */
  fold(entity: EntityName, record: SyncRecord): SyncRecord | undefined;
  pendingIds(entity: EntityName): ReadonlySet<string>;
}

/** The mirror as a sync pass sees it, with the overlay applied to what it writes. */
export function overlaid(mirror: SyncMirror, overlay: SyncOverlay | undefined): SyncMirror {
  if (!overlay) return mirror;
  const writes: Pick<SyncMirror, 'upsert' | 'remove'> = {
    upsert(entity, records) {
      const pending = overlay.pendingIds(entity);
      if (pending.size === 0) return mirror.upsert(entity, records);
      const shown = records.flatMap((record) => {
        if (!pending.has(record.id)) return [record];
        const folded = overlay.fold(entity, record);
        return folded ? [folded] : [];
      });
      return mirror.upsert(entity, shown);
    },
    remove(entity, ids) {
      const pending = overlay.pendingIds(entity);
      mirror.remove(
        entity,
        ids.filter((id) => !pending.has(id)),
      );
    },
  };
  // Every other member is the mirror's own, called on the mirror itself.
  return new Proxy(mirror, {
    get(target, property) {
      if (property === 'upsert' || property === 'remove') return writes[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}
