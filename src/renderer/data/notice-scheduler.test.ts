import { describe, expect, it } from 'vitest';
import { noticeScheduler, type Later } from './notice-scheduler';

/** A `later` that keeps each piece of work until the test runs it, and counts them. */
function kept() {
  const queued: Array<() => void> = [];
  const later: Later = (work) => void queued.push(work);
  const runNext = () => queued.shift()?.();
  return { later, queued, runNext };
}

describe('noticeScheduler', () => {
  it('tells the notices due before it runs in one go, in the order they came', () => {
    const { later, queued, runNext } = kept();
    const schedule = noticeScheduler(later);
    const told: string[] = [];
    for (const name of ['pending', 'record', 'rows']) schedule(() => told.push(name));
    expect(told).toEqual([]);
    expect(queued).toHaveLength(1);
    runNext();
    expect(told).toEqual(['pending', 'record', 'rows']);
  });

  it('tells a notice due while it tells others in a later go of its own', () => {
    const { later, queued, runNext } = kept();
    const schedule = noticeScheduler(later);
    const told: string[] = [];
    schedule(() => {
      told.push('first');
      schedule(() => told.push('second'));
    });
    runNext();
    expect(told).toEqual(['first']);
    expect(queued).toHaveLength(1);
    runNext();
    expect(told).toEqual(['first', 'second']);
  });

  it('tells them once the code running now is done, before the next task', async () => {
    const schedule = noticeScheduler();
    const told: string[] = [];
    setTimeout(() => told.push('next task'), 0);
    schedule(() => told.push('notice'));
    expect(told).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(told).toEqual(['notice', 'next task']);
  });
});
