import { beforeEach, describe, expect, it } from 'vitest';
import { changedFields, emptyValues, toFormValues, toPlatformFields } from './field-specs';
import { recordResolver } from './form-resolver';
import { speak } from '../test-language';

beforeEach(() => speak('en'));

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

describe('coupon currency', () => {
  const coupon = {
    id: course.id,
    name: 'Spring',
    code: 'SPRING',
    couponType: 'fixed_amount',
    amount: 100,
    currency: 'USD',
  };

  it('starts a new coupon in New Taiwan dollars', () => {
    expect(emptyValues('coupons').currency).toBe('TWD');
  });

  it('asks no currency of a percentage coupon and leaves the coupon’s own as it is', async () => {
    const values = { ...toFormValues('coupons', coupon), couponType: 'percentage', amount: '20' };
    const fields = toPlatformFields('coupons', values, coupon);
    expect(fields).not.toHaveProperty('currency');
    expect(changedFields('coupons', fields, coupon)).toEqual({
      couponType: 'percentage',
      amount: 20,
    });
    // Even a currency the rules would refuse is no matter for a percentage.
    const result = await resolve('coupons', { ...values, currency: '' });
    expect(result.errors).toEqual({});
  });
});

describe('recordResolver in Chinese', () => {
  it('writes the rules in the owner’s language, naming the field as the form does', async () => {
    await speak('zh-TW');
    const result = await resolve('courses', { ...emptyValues('courses'), slug: 'Bad Slug' });
    expect(result.errors.name?.message).toBe('課程名稱不可空白');
    expect(result.errors.slug?.message).toBe('網址代稱只能使用小寫英文字母、數字和單一連字號');
    const coupon = await resolve('coupons', {
      ...emptyValues('coupons'),
      name: 'x'.repeat(201),
      code: 'OK1',
      amount: '1.5x',
      redemptionLimit: '2.5',
    });
    expect(coupon.errors.name?.message).toBe('名稱最多 200 個字元');
    expect(coupon.errors.amount?.message).toBe('折扣額度必須是數字');
    expect(coupon.errors.redemptionLimit?.message).toBe('使用次數上限必須是整數');
  });

  it('writes the same rules in English as the platform does', async () => {
    const coupon = await resolve('coupons', {
      ...emptyValues('coupons'),
      name: '',
      code: 'x',
      amount: '0',
      redemptionLimit: '0',
    });
    expect(coupon.errors.name?.message).toBe('Name cannot be empty');
    expect(coupon.errors.code?.message).toBe(
      'Code must be 3 to 40 letters, digits, hyphens or underscores',
    );
    expect(coupon.errors.amount?.message).toBe('Amount must be more than 0');
    expect(coupon.errors.redemptionLimit?.message).toBe('Redemption limit must be at least 1');
  });
});
