import { describe, expect, it } from 'vitest';
import { RateLimiter, WINDOW_MS, kindOf } from './rate-limit';

/** A clock the test moves by hand, so windows are exact. */
function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('RateLimiter', () => {
  it('allows exactly the limit per window and says when the window resets', () => {
    const time = clock();
    const limiter = new RateLimiter({ reads: 3, writes: 1 }, time.now);
    const decisions = [1, 2, 3, 4].map(() => limiter.take('client:a', 'reads'));
    expect(decisions.map((d) => d?.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((d) => d?.remaining)).toEqual([2, 1, 0, 0]);
    time.advance(20_500);
    expect(limiter.take('client:a', 'reads')).toMatchObject({ allowed: false, resetSeconds: 40 });
    time.advance(WINDOW_MS - 20_500);
    expect(limiter.take('client:a', 'reads')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('keeps separate budgets per caller and per kind', () => {
    const limiter = new RateLimiter({ reads: 1, writes: 1 }, clock().now);
    expect(limiter.take('client:a', 'writes')?.allowed).toBe(true);
    expect(limiter.take('client:a', 'writes')?.allowed).toBe(false);
    expect(limiter.take('client:a', 'reads')?.allowed).toBe(true);
    expect(limiter.take('client:b', 'writes')?.allowed).toBe(true);
    expect(limiter.take('ip:127.0.0.1', 'writes')?.allowed).toBe(true);
  });

  it('does not count refused requests against the next window', () => {
    const time = clock();
    const limiter = new RateLimiter({ reads: 1, writes: 1 }, time.now);
    limiter.take('c', 'reads');
    for (let i = 0; i < 10; i += 1) limiter.take('c', 'reads');
    time.advance(WINDOW_MS);
    expect(limiter.take('c', 'reads')).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('can be turned off and changed at runtime, which starts fresh windows', () => {
    const limiter = new RateLimiter(null, clock().now);
    expect(limiter.take('c', 'reads')).toBeUndefined();
    limiter.setLimits({ reads: 1, writes: 5 });
    expect(limiter.take('c', 'reads')?.allowed).toBe(true);
    expect(limiter.take('c', 'reads')?.allowed).toBe(false);
    limiter.setLimits({ reads: 2, writes: 5 });
    expect(limiter.take('c', 'reads')).toMatchObject({ allowed: true, limit: 2, remaining: 1 });
  });

  it('counts safe methods as reads and everything else as writes', () => {
    expect(['GET', 'HEAD', 'OPTIONS'].map(kindOf)).toEqual(['reads', 'reads', 'reads']);
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].map(kindOf)).toEqual([
      'writes',
      'writes',
      'writes',
      'writes',
    ]);
  });
});
