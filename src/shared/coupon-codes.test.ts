import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, combinationsOf, wildcardsFor } from './coupon-codes';

describe('the alphabet of generated codes', () => {
  it('holds no characters an owner or a buyer could mistake for another', () => {
    for (const lookAlike of ['0', 'O', '1', 'I', 'L'])
      expect(CODE_ALPHABET).not.toContain(lookAlike);
  });

  it('keeps every other uppercase letter and digit, once each', () => {
    expect(CODE_ALPHABET).toBe('ABCDEFGHJKMNPQRSTUVWXYZ23456789');
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
  });

  it('counts a pattern’s codes and the # a count needs from that alphabet', () => {
    expect(combinationsOf('SPRING-#####')).toBe(31 ** 5);
    expect(wildcardsFor(1000)).toBe(3); // 31³ = 29,791 ≥ 1,000 × 4; 31² = 961 is not
  });
});
