import type { EntityName } from '../../shared/entity-names';
import { systemTimers, type Timers } from '../sync/reachability';

/**
 * How often, at most, the renderer hears that one area of one school changed. Each notice
 * makes every open list and record of that area read again. An import of 600 students sent
 * one per created row, and the Students list behind the import dialog was read 1,202 times;
 * at 5,000 rows that was 10,000 list queries in the host and as many renders. A quarter of a
 * second still shows a bulk job's rows arriving as they are made.
 */
export const CHANGE_NOTICE_MS = 250;

/** One school and area's open window: whether more changes came within it. */
type Window = { more: boolean };

/**
 * Passes on "this area changed" at once when it is the first in CHANGE_NOTICE_MS for its
 * school and area (a single save is never delayed), and folds the ones that come within that
 * time into one more at its end.
 */
export class ChangeNotices {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly notify: (schoolId: string, areas: EntityName[]) => void,
    private readonly timers: Timers = systemTimers,
  ) {}

  changed(schoolId: string, areas: readonly EntityName[]): void {
    const now: EntityName[] = [];
    for (const area of areas) {
      const open = this.windows.get(key(schoolId, area));
      if (open) open.more = true;
      else {
        this.open(schoolId, area);
        now.push(area);
      }
    }
    if (now.length > 0) this.notify(schoolId, now);
  }

  private open(schoolId: string, area: EntityName): void {
    const window: Window = { more: false };
    this.timers.setTimeout(() => {
      this.windows.delete(key(schoolId, area));
      if (!window.more) return;
      // The folded changes are told now, and open the next window.
      this.open(schoolId, area);
      this.notify(schoolId, [area]);
    }, CHANGE_NOTICE_MS);
    this.windows.set(key(schoolId, area), window);
  }
}

function key(schoolId: string, area: EntityName): string {
  return `${schoolId}\n${area}`;
}
