import { beforeEach, describe, expect, it } from 'vitest';
import { ENTITY_NAMES, type EntityName, type RecordOf } from '../../shared/entities';
import { recordLabel } from '../../shared/record-label';
import { optionLabel, FIELD_SPECS } from '../records/field-specs';
import { speak } from '../test-language';
import { COLUMNS, amountOf, rowDetail } from './columns';

beforeEach(() => speak('en'));

/** The least a school may send: the id and what a row cannot do without. */
const BARE: { [E in EntityName]: RecordOf<E> } = {
  courses: { id: '00000000-0000-4000-8000-000000000001', name: 'Baking' },
  students: { id: '00000000-0000-4000-8000-000000000002', name: 'Ada', email: 'ada@example.com' },
  coupons: { id: '00000000-0000-4000-8000-000000000003', name: 'Spring', code: 'SPRING' },
  pages: { id: '00000000-0000-4000-8000-000000000004', title: 'About' },
};

describe('list columns of a record with only its required fields', () => {
  it.each(ENTITY_NAMES)('%s: every cell reads as text or an em dash', (entity) => {
    const row = BARE[entity] as RecordOf<EntityName>;
    const cells = (
      COLUMNS[entity] as unknown as readonly { text: (r: typeof row) => unknown }[]
    ).map((c) => c.text(row));
    for (const cell of cells) {
      expect(typeof cell).toBe('string');
      expect(cell).not.toMatch(/undefined|null|NaN|Invalid Date/);
    }
    expect(cells.filter((cell) => cell === '—').length).toBeGreaterThan(0);
    expect(recordLabel(entity, row)).not.toMatch(/undefined/);
    expect(rowDetail(entity, row)).not.toMatch(/undefined/);
  });
});

const coupon = (fields: Partial<RecordOf<'coupons'>>): RecordOf<'coupons'> => ({
  ...BARE.coupons,
  ...fields,
});
const cellOf = <E extends EntityName>(entity: E, id: string, row: RecordOf<E>) =>
  (COLUMNS[entity] as unknown as readonly { id: string; text: (r: RecordOf<E>) => string }[])
    .find((c) => c.id === id)!
    .text(row);

describe('list words', () => {
  it('writes a discount through Intl: money in its currency, a percentage as one', async () => {
    expect(amountOf(coupon({ couponType: 'fixed_amount', amount: 250, currency: 'TWD' }))).toBe(
      'NT$250 off',
    );
    expect(amountOf(coupon({ couponType: 'percentage', amount: 15 }))).toBe('15% off');
    await speak('zh-TW');
    expect(amountOf(coupon({ couponType: 'fixed_amount', amount: 1250, currency: 'TWD' }))).toBe(
      '折抵 $1,250',
    );
    expect(amountOf(coupon({ couponType: 'percentage', amount: 15 }))).toBe('折抵 15%');
  });

  it.each(['en', 'zh-TW'] as const)(
    'calls a page type by the same word in the list and the form (%s)',
    async (language) => {
      await speak(language);
      const spec = FIELD_SPECS.pages.find((s) => s.name === 'pageType')!;
      const page = { ...BARE.pages, pageType: 'vite_app' as const };
      expect(cellOf('pages', 'type', page)).toBe(optionLabel(spec, 'vite_app', language));
      expect(cellOf('pages', 'type', page)).toBe(language === 'en' ? 'Web app' : '網頁應用程式');
    },
  );

  it('writes list dates as the language’s date field does', async () => {
    const course = { ...BARE.courses, updatedAt: Date.UTC(2027, 2, 31, 12) / 1000 };
    expect(cellOf('courses', 'updated', course)).toBe('03/31/2027');
    await speak('zh-TW');
    expect(cellOf('courses', 'updated', course)).toBe('2027/03/31');
    const expired = coupon({ expiredAt: Date.UTC(2020, 0, 5, 12) / 1000 });
    expect(cellOf('coupons', 'expires', expired)).toBe('2020/01/05（已到期）');
  });
});
