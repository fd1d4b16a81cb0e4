import { describe, expect, it } from 'vitest';
import { changedFields, emptyValues, toFormValues, toPlatformFields } from './field-specs';
import { recordResolver } from './form-resolver';

const course = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Baking',
  slug: 'baking',
  description: null,
  courseType: 'paid',
  featured: false,
  invisible: true,
  publishedAt: 1_700_000_123,
};

const resolve = (entity: Parameters<typeof recordResolver>[0], values: Record<string, unknown>) =>
  recordResolver(entity)(values as never, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('record form values', () => {
  it('round-trips a course without changing untouched fields', () => {
    const values = toFormValues('courses', course);
    expect(values).toMatchObject({ visible: false, published: true, description: '' });
    expect(changedFields('courses', toPlatformFields('courses', values, course), course)).toEqual(
      {},
    );
  });

  it('publishing a draft sets now, unpublishing clears it, visible flips invisible', () => {
    const draft = { ...course, publishedAt: null };
    const values = { ...toFormValues('courses', draft), published: true, visible: true };
    const changed = changedFields('courses', toPlatformFields('courses', values, draft), draft);
    expect(changed.invisible).toBe(false);
    expect(changed.publishedAt).toBeGreaterThan(1_700_000_123);
  });

  it('never sends a field the school left out unless the owner changed it', () => {
    const bare = { id: course.id, name: 'Baking' };
    const values = toFormValues('courses', bare);
    expect(values).toMatchObject({ featured: false, visible: true, published: false });
    expect(changedFields('courses', toPlatformFields('courses', values, bare), bare)).toEqual({});
    const ticked = toPlatformFields('courses', { ...values, name: 'Bread', featured: true }, bare);
    expect(changedFields('courses', ticked, bare)).toEqual({ name: 'Bread', featured: true });
  });

  it('keeps the exact second of an untouched coupon expiry; empty means never', () => {
    const coupon = { id: course.id, expiredAt: 1_800_000_001, redemptionLimit: null };
    const values = toFormValues('coupons', coupon);
    expect(toPlatformFields('coupons', values, coupon).expiredAt).toBe(1_800_000_001);
    expect(toPlatformFields('coupons', { ...values, expiredAt: '' }, coupon).expiredAt).toBeNull();
  });
});

describe('recordResolver', () => {
  it('puts the shared schema message on a bad slug', async () => {
    const result = await resolve('courses', {
      ...emptyValues('courses'),
      name: 'X',
      slug: 'Bad Slug',
    });
    expect(result.errors.slug?.message).toBe(
      'Slug may only hold lowercase letters, digits and single hyphens',
    );
  });

  it('adds the cross-field percentage rule and outputs normalised fields when valid', async () => {
    const base = {
      ...emptyValues('coupons'),
      name: 'Spring',
      code: 'spring-1',
      couponType: 'percentage',
    };
    const bad = await resolve('coupons', { ...base, amount: '150' });
    expect(bad.errors.amount?.message).toBe('Percentage must be more than 0 and at most 100');
    const good = await resolve('coupons', { ...base, amount: '15' });
    expect(good.errors).toEqual({});
    expect(good.values).toMatchObject({ code: 'SPRING-1', amount: 15, redemptionLimit: null });
  });
});
