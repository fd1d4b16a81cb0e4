import { describe, expect, it } from 'vitest';
import { positionPast } from './use-list-rows';

describe('positionPast: rows of a list past its unreadable records', () => {
  it('maps a row to the school’s position, skipping the gap at the end of each chunk', () => {
    const none: [number, number][] = [];
    expect(positionPast(none, 120)).toBe(120);
    // Chunk 0 (rows 0..49) answered 48 rows: rows from 48 on are one chunk further by 2.
    expect(positionPast([[0, 2]], 47)).toBe(47);
    expect(positionPast([[0, 2]], 48)).toBe(50);
    // And chunk 1 answered 49: row 97 is position 99, row 98 position 100.
    expect(
      positionPast(
        [
          [0, 2],
          [1, 1],
        ],
        96,
      ),
    ).toBe(98);
    expect(
      positionPast(
        [
          [0, 2],
          [1, 1],
        ],
        97,
      ),
    ).toBe(100);
    // A gap in a later chunk does not move the rows before it.
    expect(positionPast([[3, 5]], 100)).toBe(100);
  });
});
