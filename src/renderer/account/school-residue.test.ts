import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { entityKeys } from '../data/entity-queries';
import { outboxKeys } from '../data/outbox-queries';
import { queryKeys } from '../data/queries';
import { forgetSchoolInWindow } from './school-residue';
import { syncKeys } from '../data/sync-queries';
import { useUiStore } from '../ui-store';

const GONE = 'https://as.example https://gone.example';
const KEPT = 'https://as.example https://kept.example';
const student = { id: 's1', name: 'Ada Lovelace', email: 'ada@gone.example' };

/** Every query key a workspace of `schoolId` holds records under. */
function keysOf(schoolId: string) {
  return [
    entityKeys.window(schoolId, 'students', {}, 0, 100),
    // A course combobox's search is a list window too.
    entityKeys.window(schoolId, 'courses', { q: 'alg' }, 0, 10),
    entityKeys.record(schoolId, 'students', student.id),
    entityKeys.enrollments(schoolId, student.id),
    outboxKeys.status(schoolId),
    outboxKeys.list(schoolId),
    syncKeys.status(schoolId),
  ];
}

describe('forgetting a school in the window', () => {
  it('drops every cache of that school at once, and nothing of another school', async () => {
    const client = new QueryClient();
    const other = { id: 's2', name: 'Grace Hopper', email: 'grace@kept.example' };
    for (const key of keysOf(GONE)) client.setQueryData(key, { student });
    for (const key of keysOf(KEPT)) client.setQueryData(key, { student: other });
    client.setQueryData(queryKeys.session, { sessions: [] });
    // A settled save still holds the record it sent.
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.resolve(student) })
      .execute(student);
    const kept = { route: { area: 'students' as const, recordId: other.id }, lists: {} };
    useUiStore.setState({
      selectedSchoolId: GONE,
      views: {
        [GONE]: {
          route: { area: 'students', recordId: student.id },
          lists: { students: { query: 'Ada', filters: {}, scrollTop: 400 } },
        },
        [KEPT]: kept,
      },
    });

    forgetSchoolInWindow(client, GONE);

    for (const key of keysOf(GONE))
      expect(client.getQueryData(key), JSON.stringify(key)).toBeUndefined();
    for (const key of keysOf(KEPT)) expect(client.getQueryData(key)).toEqual({ student: other });
    expect(client.getQueryData(queryKeys.session)).toEqual({ sessions: [] });
    expect(
      JSON.stringify(
        client
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).not.toContain('gone.example');
    expect(client.getMutationCache().getAll()).toEqual([]);
    expect(useUiStore.getState().selectedSchoolId).toBeUndefined();
    expect(useUiStore.getState().views).toEqual({ [KEPT]: kept });
  });
});
