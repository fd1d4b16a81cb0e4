import type { QueryClient } from '@tanstack/react-query';
import type { EntityName } from '../../shared/entity-names';
import { afterNextPaint } from './after-next-paint';
import { entityKeys } from './entity-queries';

/**
 * When the screen reads an area again after main said it changed (`data:changed`).
 *
 * Main says so as soon as it has kept a save, just before the save's own answer; changes to
 * the same area within the next quarter second are told once, at its end
 * (core/data/change-notices.ts). Reading every open list and record then put four reads and
 * their renders ahead of the frame that says the save is kept, and the save read the same
 * lists again once it ended. So while a save runs, the areas main names wait here; when the
 * last save ends, they and the save's own area are read again once, after the frame that
 * shows its end.
 */
type Held = { saves: number; areas: Map<string, { schoolId: string; area: EntityName }> };

const heldBy = new WeakMap<QueryClient, Held>();

function heldOf(queryClient: QueryClient): Held {
  let held = heldBy.get(queryClient);
  if (!held) heldBy.set(queryClient, (held = { saves: 0, areas: new Map() }));
  return held;
}

function readAgain(queryClient: QueryClient, schoolId: string, area: EntityName): void {
  void queryClient.invalidateQueries({ queryKey: entityKeys.all(schoolId, area) });
}

/** An area changed: its lists and records are read again now, or when the running saves end. */
export function areaChanged(queryClient: QueryClient, schoolId: string, area: EntityName): void {
  const held = heldOf(queryClient);
  if (held.saves === 0) readAgain(queryClient, schoolId, area);
  else held.areas.set(`${schoolId} ${area}`, { schoolId, area });
}

/**
 * Holds changes while a save runs. Call `end` once, when it has ended either way: the saved
 * area is read again with what waited, once the next frame is drawn (`paint`).
 */
export function holdChanges(
  queryClient: QueryClient,
  paint: (work: () => void) => void = afterNextPaint,
): { end: (schoolId: string, area: EntityName) => void } {
  const held = heldOf(queryClient);
  held.saves += 1;
  let ended = false;
  return {
    end: (schoolId, area) => {
      if (ended) return;
      ended = true;
      held.saves -= 1;
      held.areas.set(`${schoolId} ${area}`, { schoolId, area });
      if (held.saves > 0) return;
      paint(() => {
        // A save that started meanwhile holds what is here until it ends.
        if (held.saves > 0) return;
        const areas = [...held.areas.values()];
        held.areas.clear();
        for (const { schoolId, area } of areas) readAgain(queryClient, schoolId, area);
      });
    },
  };
}
