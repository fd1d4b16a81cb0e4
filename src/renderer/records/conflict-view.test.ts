import { describe, expect, it } from 'vitest';
import { differingFields, type Conflict } from './conflict-view';

describe('differingFields', () => {
  it('offers the editable fields that differ, never read-only ones a server edit moves', () => {
    const base = { id: 'c1', name: 'Mine', description: 'Same', createdAt: 1, updatedAt: 10 };
    const conflict: Conflict = {
      mine: { ...base, name: 'Mine', invisible: false },
      edited: ['name'],
      current: { ...base, name: 'Theirs', invisible: true, updatedAt: 20 },
      currentEtag: '"v2"',
    };
    expect(differingFields(conflict)).toEqual(['name', 'invisible']);
  });

  it('offers only the clashing fields when told (an outbox conflict)', () => {
    const conflict: Conflict = {
      mine: { name: 'Mine', description: 'Only I changed this' },
      edited: ['name'],
      current: { id: 'c1', name: 'Theirs', description: 'Before' },
      currentEtag: '"v2"',
      clashing: ['name'],
    };
    expect(differingFields(conflict)).toEqual(['name']);
  });
});
