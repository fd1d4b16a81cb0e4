import { describe, expect, it } from 'vitest';
import { cellStyleOf, planColumns, type ColumnFit } from './column-layout';

const columns: ColumnFit[] = [
  { need: 200, grow: 3 },
  { need: 150, grow: 2, dropOrder: 2 },
  { need: 100, grow: 0, dropOrder: 3 },
  { need: 90, grow: 0 },
  { need: 60, grow: 0, dropOrder: 1 },
];

describe('planColumns', () => {
  it('shows every column when they fit', () => {
    expect(planColumns(columns, 600)).toEqual({
      shown: [true, true, true, true, true],
      total: 600,
    });
  });

  it('drops optional columns in their order, one at a time, until the rest fit', () => {
    expect(planColumns(columns, 599).shown).toEqual([true, true, true, true, false]);
    expect(planColumns(columns, 539).shown).toEqual([true, false, true, true, false]);
    expect(planColumns(columns, 389).shown).toEqual([true, false, false, true, false]);
  });

  it('keeps the columns that must stay even when they do not fit: the row scrolls', () => {
    expect(planColumns(columns, 100)).toEqual({
      shown: [true, false, false, true, false],
      total: 290,
    });
  });
});

describe('cellStyleOf', () => {
  it('gives a cell its need as a basis it never shrinks below, and its share of the rest', () => {
    expect(cellStyleOf({ need: 120.2, grow: 2 })).toEqual({
      flex: 'calc(var(--list-grow, 1) * 2) 0 121px',
    });
    expect(cellStyleOf({ need: 80, grow: 0 })).toEqual({ flex: '0 0 80px' });
  });
});
