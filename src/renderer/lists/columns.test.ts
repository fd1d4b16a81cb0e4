import { describe, expect, it } from 'vitest';
import { ENTITY_NAMES, type EntityName, type RecordOf } from '../../shared/entities';
import { COLUMNS, rowDetail, rowTitle } from './columns';

/** The least a school may send: the id and what a row cannot do without. */
const BARE: { [E in EntityName]: RecordOf<E> } = {
  courses: { id: '00000000-0000-4000-8000-000000000001', name: 'Baking' },
  students: { id: '00000000-0000-4000-8000-000000000002', name: 'Ada', email: 'ada@example.com' },
  coupons: { id: '00000000-0000-4000-8000-000000000003', name: 'Spring', code: 'SPRING' },
  pages: { id: '00000000-0000-4000-8000-000000000004', title: 'About' },
};

describe('list columns of a record with only its required fields', () => {
  it.each(ENTITY_NAMES)('%s: every cell reads as text or an em dash', (entity) => {
    const row = BARE[entity] as RecordOf<EntityName>;
    const cells = (COLUMNS[entity] as readonly { cell: (r: typeof row) => unknown }[]).map((c) =>
      c.cell(row),
    );
    for (const cell of cells) {
      expect(typeof cell).toBe('string');
      expect(cell).not.toMatch(/undefined|null|NaN|Invalid Date/);
    }
    expect(cells.filter((cell) => cell === '—').length).toBeGreaterThan(0);
    expect(rowTitle(entity, row)).not.toMatch(/undefined/);
    expect(rowDetail(entity, row)).not.toMatch(/undefined/);
  });
});
