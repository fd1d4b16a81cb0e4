import type { EntityName } from '../../shared/entity-names';
import { systemTimers, type Timers } from '../sync/reachability';
import { Throttle } from '../sync/throttle';

/**
 * How often, at most, the renderer hears that one area of one school changed. Each notice
 * makes every open list and record of that area read again. An import of 600 students sent
 * one per created row, and the Students list behind the import dialog was read 1,202 times;
 * at 5,000 rows that was 10,000 list queries in the host and as many renders. A quarter of a
 * second still shows a bulk job's rows arriving as they are made.
 */
export const CHANGE_NOTICE_MS = 250;

/**
 * Passes on "this area changed" at once when it is the first in CHANGE_NOTICE_MS for its
 * school and area (a single save is never delayed), and folds the ones that come within that
 * time into one more at its end (a Throttle for each school and area).
 */
export class ChangeNotices {
  private readonly throttles = new Map<string, Throttle>();

  constructor(
    private readonly notify: (schoolId: string, areas: EntityName[]) => void,
    private readonly timers: Timers = systemTimers,
  ) {}

  changed(schoolId: string, areas: readonly EntityName[]): void {
    // The areas told at once go in one notice; each folded one is told alone at its window's end.
    const now = areas.filter((area) => this.throttleOf(schoolId, area).claim());
    if (now.length > 0) this.notify(schoolId, now);
  }

  private throttleOf(schoolId: string, area: EntityName): Throttle {
    const key = `${schoolId}\n${area}`;
    let throttle = this.throttles.get(key);
    if (!throttle) {
      throttle = new Throttle(CHANGE_NOTICE_MS, () => this.notify(schoolId, [area]), this.timers);
      this.throttles.set(key, throttle);
    }
    return throttle;
  }
}
