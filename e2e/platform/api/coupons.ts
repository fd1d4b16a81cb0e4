import { z } from 'zod';
import { LIST_RULES } from '../../../src/shared/list-rules';
import type { EntityDef } from './entity';
import type { FieldErrors } from '../http/errors';
import {
  enumField,
  flag,
  optionalText,
  queryFlag,
  recordBase,
  requiredText,
  unixSeconds,
} from './fields';
import { ruleFilter } from './list';

export const COUPON_TYPES = ['fixed_amount', 'percentage'] as const;

const couponType = enumField(COUPON_TYPES, 'Invalid coupon type');

/** Codes are case-insensitive for buyers, so they are stored uppercase. */
const code = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Code is required' : 'Code must be text'),
  })
  .trim()
  .toUpperCase()
  .regex(
    /^[A-Z0-9][A-Z0-9_-]{2,39}$/,
    'Code must be 3 to 40 letters, digits, hyphens or underscores',
  );

const currency = z
  .string({ error: 'Currency must be a 3-letter ISO 4217 code' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter ISO 4217 code');

const writable = {
  name: requiredText('Name'),
  code,
  description: optionalText('Description', 2000),
  amount: z
    .number({ error: 'Amount must be a number' })
    .positive('Amount must be more than 0')
    .max(100_000_000, 'Amount is too large')
    .meta({
      description: 'Money in `currency` for fixed_amount; percent (0 < x <= 100) for percentage.',
    }),
  couponType,
  currency,
  active: flag('Active'),
  redemptionLimit: z
    .int({ error: 'Redemption limit must be a whole number' })
    .min(1, 'Redemption limit must be at least 1')
    .nullable()
    .meta({ description: 'null means unlimited.' }),
  expiredAt: unixSeconds('Expires at')
    .nullable()
    .meta({ description: 'Unix seconds; null means it never expires.' }),
};

/** Body of POST /coupons. */
export const couponCreate = z.strictObject({
  name: writable.name,
  code: writable.code,
  description: writable.description.default(null),
  amount: writable.amount,
  couponType: couponType.default('fixed_amount'),
  currency: currency.default('TWD'),
  active: writable.active.default(true),
  redemptionLimit: writable.redemptionLimit.default(null),
  expiredAt: writable.expiredAt.default(null),
});

/** Body of PATCH /coupons/{id}. */
export const couponUpdate = z.strictObject(writable).partial();

/** A coupon as the API answers it. */
export const couponRecord = z.object({
  id: recordBase.id,
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  amount: z.number(),
  couponType: z.enum(COUPON_TYPES),
  currency: z.string(),
  active: z.boolean(),
  appliedCount: z.int().meta({ description: 'How often the coupon was redeemed; read-only.' }),
  redemptionLimit: z.int().nullable(),
  expiredAt: z.int().nullable(),
  createdAt: recordBase.createdAt,
  updatedAt: recordBase.updatedAt,
});

export type Coupon = z.infer<typeof couponRecord>;

/** A percentage is a share of the price, so it must lie in (0, 100]. */
function checkCoupon(record: Record<string, unknown>): FieldErrors | undefined {
  const amount = Number(record.amount);
  if (record.couponType === 'percentage' && !(amount > 0 && amount <= 100)) {
    return { amount: 'Percentage must be more than 0 and at most 100' };
  }
  return undefined;
}

const rules = LIST_RULES.coupons;

/** Coupons: private to the school, so anonymous callers see none. */
export const coupons: EntityDef = {
  table: 'coupons',
  label: 'Coupon',
  area: 'coupons',
  columns: {
    id: 'text',
    name: 'text',
    code: 'text',
    description: 'text',
    amount: 'number',
    couponType: 'text',
    currency: 'text',
    active: 'boolean',
    appliedCount: 'number',
    redemptionLimit: 'number',
    expiredAt: 'number',
    createdAt: 'number',
    updatedAt: 'number',
  },
  record: couponRecord,
  create: couponCreate,
  update: couponUpdate,
  serverDefaults: { appliedCount: 0 },
  unique: [{ field: 'code', message: 'Code already exists' }],
  // Search, sorts and what each filter means are the shared list rules (the app's mirror
  // answers with the same ones); only the query schemas and descriptions live here.
  search: [...rules.search],
  sorts: rules.sorts,
  defaultSort: rules.defaultSort,
  filters: {
    active: ruleFilter(
      queryFlag('active'),
      'Only active (`true`) or inactive (`false`) coupons.',
      rules.filters.active,
    ),
    expired: ruleFilter(
      queryFlag('expired'),
      'Only coupons whose expiry date has passed (`true`) or not (`false`, including no expiry).',
      rules.filters.expired,
    ),
    couponType: ruleFilter(couponType, 'Only coupons of this type.', rules.filters.couponType),
  },
  publicWhere: null,
  check: checkCoupon,
};
