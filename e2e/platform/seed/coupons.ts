import type { ApiRecord } from '../api/entity';
import { DAY, SEED_EPOCH, type SeedRandom } from './random';

/** A coupon with a code not yet in `codes` (which it joins). */
export function seedCoupon(rnd: SeedRandom, codes: Set<string>): ApiRecord {
  const percentage = rnd.chance(0.5);
  let code = `${rnd.faker.word.adjective({ length: { min: 3, max: 8 } }).toUpperCase()}${rnd.int(5, 90)}`;
  while (codes.has(code)) code = `${code}X`;
  codes.add(code);
  const { createdAt, updatedAt } = rnd.times();
  const redemptionLimit = rnd.chance(0.5) ? rnd.int(5, 50) * 10 : null;
  return {
    id: rnd.uuid(),
    name: percentage
      ? `${rnd.faker.commerce.productAdjective()} discount`
      : `${rnd.faker.commerce.productAdjective()} voucher`,
    code,
    description: rnd.chance(0.6) ? rnd.faker.lorem.sentence() : null,
    amount: percentage ? rnd.int(1, 10) * 5 : rnd.int(2, 20) * 50,
    couponType: percentage ? 'percentage' : 'fixed_amount',
    currency: rnd.chance(0.8) ? 'TWD' : 'USD',
    active: rnd.chance(0.75),
    appliedCount: rnd.int(0, redemptionLimit ?? 400),
    redemptionLimit,
    expiredAt: rnd.chance(0.5) ? null : SEED_EPOCH + rnd.int(-180, 720) * DAY,
    createdAt,
    updatedAt,
  };
}
