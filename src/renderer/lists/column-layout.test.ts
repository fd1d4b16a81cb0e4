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

describe('planColumns with free text that may give way', () => {
  const free: ColumnFit[] = [
    { need: 400, grow: 3, floor: 160 },
    { need: 300, grow: 2, floor: 120, dropOrder: 2 },
    { need: 90, grow: 0 },
    { need: 110, grow: 0 },
    { need: 60, grow: 0, dropOrder: 1 },
  ];

  it('drops the optional columns first, then lets free text shrink to its floor', () => {
    // Without the optional columns the rest need 600 but can do with 360: no sideways scroll.
    expect(planColumns(free, 500)).toEqual({ shown: [true, false, true, true, false], total: 360 });
  });

  it('scrolls sideways only below what the columns take with free text at its floor', () => {
    expect(planColumns(free, 300).total).toBe(360);
  });

  it('never gives a column more than its need as a floor', () => {
    expect(planColumns([{ need: 80, grow: 1, floor: 120 }], 50).total).toBe(80);
  });
});

describe('cellStyleOf', () => {
  it('gives a cell its need as a basis it never shrinks below, and its share of the rest', () => {
    expect(cellStyleOf({ need: 120.2, grow: 2 })).toEqual({
      flex: 'calc(var(--list-grow, 1) * 2) 0 121px',
    });
    expect(cellStyleOf({ need: 80, grow: 0 })).toEqual({ flex: '0 0 80px' });
  });

  it('lets free text shrink down to its floor, never below', () => {
    expect(cellStyleOf({ need: 400, grow: 3, floor: 160.4 })).toEqual({
      flex: 'calc(var(--list-grow, 1) * 3) 1 400px',
      minWidth: '161px',
    });
    expect(cellStyleOf({ need: 100, grow: 3, floor: 160 })).toEqual({
      flex: 'calc(var(--list-grow, 1) * 3) 0 100px',
    });
  });
});
