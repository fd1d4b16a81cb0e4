import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { couponUpdate } from '../../../e2e/platform/api/coupons';
import { courseUpdate } from '../../../e2e/platform/api/courses';
import { pageUpdate } from '../../../e2e/platform/api/pages';
import { studentUpdate } from '../../../e2e/platform/api/students';
import { UPDATE_SCHEMAS } from '../../shared/entities';

/**
 * The workspace's forms check fields with the shared rules before anything is sent; the
 * platform checks them again. If the two disagree, a form either refuses what the server
 * would take or lets through what the server refuses. These cases put the same values to
 * both (the stand-in's own schemas stand for the platform) and expect the same verdict and,
 * on refusal, the same sentence.
 */
const cases: [keyof typeof UPDATE_SCHEMAS, Record<string, unknown>, z.ZodType][] = [
  ['courses', { name: 'Watercolour' }, courseUpdate],
  ['courses', { name: '   ' }, courseUpdate],
  ['courses', { name: 'x'.repeat(201) }, courseUpdate],
  ['courses', { slug: 'water-colour-2' }, courseUpdate],
  ['courses', { slug: 'Water Colour' }, courseUpdate],
  ['courses', { slug: 'double--hyphen' }, courseUpdate],
  ['courses', { courseType: 'free_redeem' }, courseUpdate],
  ['courses', { courseType: 'gratis' }, courseUpdate],
  ['courses', { publishedAt: 1_700_000_000 }, courseUpdate],
  ['courses', { publishedAt: -1 }, courseUpdate],
  ['students', { email: 'Ana@Example.com' }, studentUpdate],
  ['students', { email: 'ana@' }, studentUpdate],
  ['students', { phoneNumber: '+886 (2) 1234-5678' }, studentUpdate],
  ['students', { phoneNumber: 'call me' }, studentUpdate],
  ['coupons', { code: 'spring-2026' }, couponUpdate],
  ['coupons', { code: 'no' }, couponUpdate],
  ['coupons', { code: 'has space' }, couponUpdate],
  ['coupons', { amount: 0 }, couponUpdate],
  ['coupons', { amount: 150 }, couponUpdate],
  ['coupons', { currency: 'twd' }, couponUpdate],
  ['coupons', { currency: 'TW' }, couponUpdate],
  ['coupons', { redemptionLimit: 0 }, couponUpdate],
  ['coupons', { redemptionLimit: 2.5 }, couponUpdate],
  ['pages', { pathPrefix: '/guides' }, pageUpdate],
  ['pages', { pathPrefix: 'guides' }, pageUpdate],
  ['pages', { pathPrefix: '/a b' }, pageUpdate],
  ['pages', { title: '' }, pageUpdate],
];

describe('the shared field rules agree with the platform’s', () => {
  it.each(cases)('%s %j', (entity, fields, platformSchema) => {
    const ours = UPDATE_SCHEMAS[entity].safeParse(fields);
    const theirs = platformSchema.safeParse(fields);
    expect(ours.success).toBe(theirs.success);
    if (!ours.success && !theirs.success) {
      expect(ours.error.issues[0]?.message).toBe(theirs.error.issues[0]?.message);
    } else if (ours.success && theirs.success) {
      // Both normalise the same way (trim, lower- or upper-case).
      expect(ours.data).toEqual(theirs.data);
    }
  });
});
