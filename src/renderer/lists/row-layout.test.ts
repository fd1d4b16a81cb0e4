import type { VirtualItem } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { inDomOrder, slotOf } from './row-layout';

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
