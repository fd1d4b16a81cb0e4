import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestPlatform } from '../api/testing';

let platform: TestPlatform;
let token: string;

beforeAll(async () => {
  // The platform's default limits (600 reads, 200 writes a minute), as the real one.
  platform = await TestPlatform.start({ students: 10 });
  token = await platform.token();
});
afterEach(() => platform.control('/reset'));
afterAll(() => platform.close());

describe('rate limits over HTTP', () => {
  it('sends the RateLimit headers with the default budget', async () => {
    const { status, headers } = await platform.call('/api/v1/courses', { token });
    expect(status).toBe(200);
    expect(headers.get('ratelimit-limit')).toBe('600');
    expect(Number(headers.get('ratelimit-remaining'))).toBeLessThan(600);
    const write = await platform.call('/api/v1/courses', {
      method: 'POST',
      token,
      body: { name: '' },
    });
    expect(write.headers.get('ratelimit-limit')).toBe('200');
  });

  it('answers 429 with Retry-After once a client spends its writes, reads still pass', async () => {
    await platform.control('/rate-limit', { reads: 5, writes: 2 });
    const attempts = [];
    for (let i = 0; i < 3; i += 1) {
      attempts.push(
        await platform.call('/api/v1/pages', {
          method: 'POST',
          token,
          body: { title: `Rate ${i}`, slug: `rate-${i}`, pathPrefix: '/r' },
        }),
      );
    }
    expect(attempts.map((a) => a.status)).toEqual([201, 201, 429]);
    const limited = attempts[2];
    expect(limited?.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited?.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(limited?.headers.get('ratelimit-remaining')).toBe('0');
    // Nothing was created by the refused request.
    const slugs = await platform.call<{ totalCount: number }>('/api/v1/pages?q=rate-2', { token });
    expect(slugs.body.totalCount).toBe(0);
    expect((await platform.call('/api/v1/pages', { token })).status).toBe(200);
  });

  it('keys anonymous callers by address, apart from clients', async () => {
    await platform.control('/rate-limit', { reads: 2, writes: 1 });
    const anonymous = [1, 2, 3].map(() => platform.call('/api/v1/courses'));
    expect((await Promise.all(anonymous)).map((a) => a.status).sort()).toEqual([200, 200, 429]);
    expect((await platform.call('/api/v1/courses', { token })).status).toBe(200);
  });

  it('can be turned off and is restored by reset', async () => {
    await platform.control('/rate-limit', { off: true });
    const answer = await platform.call('/api/v1/courses', { token });
    expect(answer.headers.get('ratelimit-limit')).toBeNull();
    await platform.control('/reset');
    expect((await platform.call('/api/v1/courses', { token })).headers.get('ratelimit-limit')).toBe(
      '600',
    );
  });
});
