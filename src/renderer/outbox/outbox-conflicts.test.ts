import { describe, expect, it } from 'vitest';
import type { OutboxEntryView } from '../../shared/outbox-contract';
import { differingFields } from '../records/conflict-view';
import { conflictOf, isConflict, mergedFields } from './outbox-conflicts';

/** An edit of a course's name and description; the school changed the name meanwhile. */
const entry: OutboxEntryView = {
  id: 'e1',
  area: 'courses',
  recordId: 'c1',
  kind: 'update',
  label: 'Painting',
  fields: { name: 'Mine', description: 'Only I changed this' },
  state: 'needs_you',
  problem: {
    code: 'conflict',
    theirs: { id: 'c1', name: 'Theirs', description: 'Before' },
    fields: ['name'],
  },
  savedAt: 0,
  attempts: 1,
};

describe('an outbox conflict in the conflict view', () => {
  it('offers only the field both sides changed', () => {
    if (!isConflict(entry)) throw new Error('not a conflict');
    const conflict = conflictOf(entry);
    expect(differingFields(conflict)).toEqual(['name']);
    expect(conflict.current.id).toBe('c1');
  });

  it('merges: fields only the owner changed always go, clashing ones only when kept mine', () => {
    if (!isConflict(entry)) throw new Error('not a conflict');
    expect(mergedFields(entry, { name: 'Mine' })).toEqual(entry.fields);
    expect(mergedFields(entry, {})).toEqual({ description: 'Only I changed this' });
  });

  it('sends a chosen curriculum as chosen (merged with the school’s), and shows what each side did', () => {
    const opened = [{ id: 's1', title: 'Intro', lectures: [] }];
    const curriculum: OutboxEntryView = {
      ...entry,
      fields: { sections: [{ id: 's1', title: 'Mine', lectures: [] }] },
      problem: {
        code: 'conflict',
        theirs: { id: 'c1', sections: [{ id: 's1', title: 'Theirs', lectures: [] }] },
        fields: ['sections'],
        opened: { id: 'c1', sections: opened },
      },
    };
    if (!isConflict(curriculum)) throw new Error('not a conflict');
    expect(conflictOf(curriculum).base).toMatchObject({ sections: opened });
    const merged = [
      { id: 's1', title: 'Mine', lectures: [] },
      { id: 's2', title: 'New' },
    ];
    expect(mergedFields(curriculum, { sections: merged })).toEqual({ sections: merged });
  });

  it('tells conflicts from other parked entries', () => {
    expect(isConflict({ ...entry, problem: { code: 'gone' } })).toBe(false);
  });
});
