import type { VirtualItem } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { cellStyleOf, fixed, inDomOrder, share, slotOf } from './row-layout';
import { COLUMNS } from './columns';

const item = (index: number): VirtualItem => ({
  key: index,
  index,
  start: index * 40,
  end: index * 40 + 40,
  size: 40,
  lane: 0,
});
const window = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => item(first + i));

describe('cellStyleOf', () => {
  it('turns a share with a minimum into a growing flex basis of 0', () => {
    expect(cellStyleOf(share(2, '6rem'))).toEqual({ flex: '2 1 0', minWidth: '6rem' });
    expect(cellStyleOf(share(1.5, '5rem'))).toEqual({ flex: '1.5 1 0', minWidth: '5rem' });
  });

  it('lets a fixed width shrink to 3rem but never grow', () => {
    expect(cellStyleOf(fixed('8rem'))).toEqual({ flex: '0 1 8rem', minWidth: '3rem' });
  });

  it('understands every column width the lists use', () => {
    for (const columns of Object.values(COLUMNS))
      for (const column of columns)
        expect(String(cellStyleOf(column.width).flex)).not.toContain('minmax');
  });
});

describe('inDomOrder', () => {
  it('keeps screen order while the list is still', () => {
    const items = window(30, 40);
    expect(inDomOrder(items, false).map((i) => i.index)).toEqual(items.map((i) => i.index));
  });

  it('keeps every reused slot in place while the list scrolls', () => {
    const before = inDomOrder(window(20, 40), true).map((i) => slotOf(i, 40));
    const after = inDomOrder(window(30, 40), true).map((i) => slotOf(i, 40));
    // The same slots (DOM nodes) in the same order: React moves no node.
    expect(after).toEqual(before);
    expect(inDomOrder(window(30, 40), true)[0]?.index).toBe(40);
  });
});
