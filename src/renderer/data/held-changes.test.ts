import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { entityKeys } from './entity-queries';
import { areaChanged, holdChanges } from './held-changes';

const SCHOOL = 'school-1';

/** A query client holding a students list window, a student, and a course list window. */
function cached() {
  const queryClient = new QueryClient();
  const keys = {
    students: entityKeys.lists(SCHOOL, 'students'),
    student: entityKeys.record(SCHOOL, 'students', 's-1'),
    courses: entityKeys.lists(SCHOOL, 'courses'),
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { rows: [] });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { queryClient, stale };
}

/** A paint that runs only when the test says the frame is drawn. */
function frames() {
  const waiting: Array<() => void> = [];
  return {
    paint: (work: () => void) => void waiting.push(work),
    draw: () => waiting.splice(0).forEach((work) => work()),
  };
}

describe('held changes', () => {
  it('reads a changed area again at once while no save runs', () => {
    const { queryClient, stale } = cached();
    areaChanged(queryClient, SCHOOL, 'students');
    expect(stale()).toEqual(['students', 'student']);
  });

  it('holds changes while a save runs, and reads them with the saved area once, after the next frame', () => {
    const { queryClient, stale } = cached();
    const { paint, draw } = frames();
    const save = holdChanges(queryClient, paint);
    areaChanged(queryClient, SCHOOL, 'courses');
    areaChanged(queryClient, SCHOOL, 'students');
    expect(stale()).toEqual([]);
    save.end(SCHOOL, 'students');
    expect(stale()).toEqual([]);
    draw();
    expect(stale()).toEqual(['students', 'student', 'courses']);
  });

  it('waits for the last of several saves, and for one that started before the frame', () => {
    const { queryClient, stale } = cached();
    const { paint, draw } = frames();
    const first = holdChanges(queryClient, paint);
    const second = holdChanges(queryClient, paint);
    first.end(SCHOOL, 'courses');
    first.end(SCHOOL, 'courses');
    draw();
    expect(stale()).toEqual([]);
    second.end(SCHOOL, 'students');
    const third = holdChanges(queryClient, paint);
    draw();
    expect(stale()).toEqual([]);
    third.end(SCHOOL, 'students');
    draw();
    expect(stale()).toEqual(['students', 'student', 'courses']);
  });
});
