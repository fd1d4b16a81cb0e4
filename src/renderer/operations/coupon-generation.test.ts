import { beforeEach, describe, expect, it } from 'vitest';
import { speak } from '../test-language';
import { EMPTY_GENERATE_FORM, checkGenerateForm, patternProblem } from './coupon-generation';

const form = { ...EMPTY_GENERATE_FORM, pattern: 'spring-#####', name: 'Spring', amount: '100' };

describe('generate codes form', () => {
  beforeEach(() => speak('en'));

  it('explains what is wrong with a pattern as it is typed', () => {
    expect(patternProblem('SPRING', 10)).toBe('A pattern needs at least one #');
    expect(patternProblem('SPR ING-#', 1)).toBe('A pattern holds only letters, digits, -, _ and #');
    expect(patternProblem('#', 1)).toBe('A pattern is 3 to 40 characters long');
    expect(patternProblem('AB-##', 5000)).toMatch(/too few to draw 5,000 unique ones/);
    expect(patternProblem('ab_-####', 5000)).toBeNull();
  });

  it('builds the request from a valid form, uppercasing pattern and currency', () => {
    const { errors, request } = checkGenerateForm({ ...form, currency: 'usd', count: '200' });
    expect(errors).toEqual({});
    expect(request).toEqual({
      count: 200,
      pattern: 'SPRING-#####',
      fields: {
        name: 'Spring',
        amount: 100,
        couponType: 'fixed_amount',
        currency: 'USD',
        active: true,
        expiredAt: null,
      },
    });
  });

  it('refuses counts out of range, a percentage over 100 and a past expiry', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    const { errors, request } = checkGenerateForm(
      {
        ...form,
        count: '5001',
        couponType: 'percentage',
        amount: '150',
        expiresOn: '2026-01-01',
      },
      now,
    );
    expect(request).toBeUndefined();
    expect(errors.count).toBe('How many must be a whole number from 1 to 5,000');
    expect(errors.amount).toBe('Percentage must be more than 0 and at most 100');
    expect(errors.expiresOn).toBe('Expires on has already passed');
  });

  it('asks no currency of a percentage coupon, and sends none', () => {
    const { errors, request } = checkGenerateForm({
      ...form,
      couponType: 'percentage',
      amount: '15',
      currency: '',
    });
    expect(errors).toEqual({});
    expect(request?.fields).not.toHaveProperty('currency');
  });

  it('says what is wrong in Chinese for a Chinese owner', async () => {
    await speak('zh-TW');
    expect(patternProblem('SPRING', 10)).toBe('樣式至少要有一個 #');
    expect(patternProblem('AB-##', 5000)).toBe(
      '2 個 # 只能組成 961 種代碼，不足以產生 5,000 組不重複的代碼；請再加一個 #',
    );
    const { errors } = checkGenerateForm({
      ...form,
      count: '0',
      couponType: 'percentage',
      amount: '150',
      name: '',
    });
    expect(errors).toEqual({
      count: '代碼數量必須是 1 到 5,000 之間的整數',
      amount: '百分比必須大於 0，且不超過 100',
      name: '名稱不能空白',
    });
  });
});
