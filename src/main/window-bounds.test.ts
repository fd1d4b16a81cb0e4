import { describe, expect, it } from 'vitest';
import { restorableState } from './window-bounds';

const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];
const saved = { bounds: { x: 100, y: 80, width: 1200, height: 800 }, maximized: false };

describe('restorableState', () => {
  it('restores bounds that are on a connected display', () => {
    expect(restorableState(saved, screen)).toEqual(saved);
  });

  it('forgets bounds on a display that is gone', () => {
    expect(
      restorableState({ ...saved, bounds: { ...saved.bounds, x: 2500 } }, screen),
    ).toBeUndefined();
    expect(
      restorableState({ ...saved, bounds: { ...saved.bounds, y: -500 } }, screen),
    ).toBeUndefined();
  });

  it('ignores malformed state', () => {
    for (const bad of [
      undefined,
      null,
      'x',
      {},
      { ...saved, bounds: { ...saved.bounds, width: 'wide' } },
    ])
      expect(restorableState(bad, screen)).toBeUndefined();
  });
});
