import { describe, expect, it } from 'vitest';
import type { EntityName } from '../../shared/entity-names';
import type { Timers } from '../sync/reachability';
import { CHANGE_NOTICE_MS, ChangeNotices } from './change-notices';

/** Timers the test runs by hand: `elapse` fires every timer that is due. */
function handTimers() {
  let now = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  let next = 0;
  const timers: Timers = {
    setTimeout: (run, ms) => {
      due.set(++next, { at: now + ms, run });
      return next;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  };
  const elapse = (ms: number) => {
    now += ms;
    for (const [handle, timer] of [...due].sort((a, b) => a[1].at - b[1].at))
      if (timer.at <= now) {
        due.delete(handle);
        timer.run();
      }
  };
  return { timers, elapse, pending: () => due.size };
}

function setUp() {
  const told: string[] = [];
  const clock = handTimers();
  const notices = new ChangeNotices(
    (schoolId, areas: EntityName[]) => told.push(`${schoolId}:${areas.join(',')}`),
    clock.timers,
  );
  return { told, notices, ...clock };
}

describe('ChangeNotices', () => {
  it('tells a single change at once', () => {
    const { told, notices } = setUp();
    notices.changed('s1', ['students']);
    expect(told).toEqual(['s1:students']);
  });

  it('folds a burst into one notice at the end of the window, then goes quiet', () => {
    const { told, notices, elapse, pending } = setUp();
    for (let row = 0; row < 600; row += 1) notices.changed('s1', ['students']);
    expect(told).toEqual(['s1:students']);
    elapse(CHANGE_NOTICE_MS - 1);
    expect(told).toHaveLength(1);
    elapse(1);
    expect(told).toEqual(['s1:students', 's1:students']);
    // Nothing changed in the second window: no third notice, and no timer left.
    elapse(CHANGE_NOTICE_MS);
    expect(told).toHaveLength(2);
    expect(pending()).toBe(0);
  });

  it('keeps schools and areas apart', () => {
    const { told, notices, elapse } = setUp();
    notices.changed('s1', ['students', 'courses']);
    notices.changed('s2', ['students']);
    notices.changed('s1', ['students']);
    expect(told).toEqual(['s1:students,courses', 's2:students']);
    elapse(CHANGE_NOTICE_MS);
    expect(told).toEqual(['s1:students,courses', 's2:students', 's1:students']);
  });

  it('tells a change after a quiet window at once again', () => {
    const { told, notices, elapse } = setUp();
    notices.changed('s1', ['coupons']);
    elapse(CHANGE_NOTICE_MS);
    notices.changed('s1', ['coupons']);
    expect(told).toEqual(['s1:coupons', 's1:coupons']);
  });
});
