import { describe, expect, it } from 'vitest';
import { isNoAnswer } from './errors';

describe('did the school answer?', () => {
  it('a bad argument to oauth4webapi (a coded TypeError) is not a missing answer', () => {
    const badArgument = Object.assign(new TypeError('"as" must be an object'), {
      code: 'ERR_INVALID_ARG_TYPE',
    });
    expect(isNoAnswer(badArgument)).toBe(false);
    expect(isNoAnswer(new TypeError('fetch failed'))).toBe(true);
  });
});
