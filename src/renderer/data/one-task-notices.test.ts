import { describe, expect, it } from 'vitest';
import { oneTaskScheduler, type Later } from './one-task-notices';

/** A `later` that keeps each task until the test runs it, and counts them. */
function tasks() {
  const queued: Array<() => void> = [];
  const later: Later = (work) => void queued.push(work);
  const runNext = () => queued.shift()?.();
  return { later, queued, runNext };
}

describe('oneTaskScheduler', () => {
  it('tells the notices of one task in one later task, in the order they came', () => {
    const { later, queued, runNext } = tasks();
    const schedule = oneTaskScheduler(later);
    const told: string[] = [];
    for (const name of ['pending', 'record', 'rows']) schedule(() => told.push(name));
    expect(told).toEqual([]);
    expect(queued).toHaveLength(1);
    runNext();
    expect(told).toEqual(['pending', 'record', 'rows']);
  });

  it('tells a notice due while it tells others in a task of its own', () => {
    const { later, queued, runNext } = tasks();
    const schedule = oneTaskScheduler(later);
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

  it('runs in a task after the current one by default', async () => {
    const schedule = oneTaskScheduler();
    const told: string[] = [];
    schedule(() => told.push('notice'));
    await Promise.resolve();
    expect(told).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(told).toEqual(['notice']);
  });
});
