import { describe, expect, it } from 'vitest';
import { phoneKey, phoneSearchKey } from './phone-search';

describe('phone search', () => {
  it('reads a search that looks like a phone number as its digits, keeping a leading +', () => {
    expect(phoneSearchKey('+1518')).toBe('+1518');
    expect(phoneSearchKey('0912')).toBe('0912');
    expect(phoneSearchKey('+1 518')).toBe('+1518');
    expect(phoneSearchKey('518-555')).toBe('518555');
    expect(phoneSearchKey('(02) 2345.6789')).toBe('0223456789');
  });

  it('is no phone search below three digits, or with anything but separators', () => {
    expect(phoneSearchKey('(02)')).toBeUndefined();
    expect(phoneSearchKey('12')).toBeUndefined();
    expect(phoneSearchKey('Ada')).toBeUndefined();
    expect(phoneSearchKey('room 101')).toBeUndefined();
    expect(phoneSearchKey('1+23')).toBeUndefined();
    expect(phoneSearchKey('student12@')).toBeUndefined();
    expect(phoneSearchKey('')).toBeUndefined();
  });

  it('keeps a stored number’s digits and its leading +, without the separators', () => {
    expect(phoneKey('+1 518-555-0100')).toBe('+15185550100');
    expect(phoneKey('0912-345-678')).toBe('0912345678');
    expect(phoneKey('(02) 2345.6789')).toBe('0223456789');
  });

  it('finds a number by any run of its digits, a + only at its start', () => {
    const finds = (q: string, phone: string) => phoneKey(phone).includes(phoneSearchKey(q)!);
    expect(finds('+1518', '+1 518-555-0100')).toBe(true);
    expect(finds('0912', '0912-345-678')).toBe(true);
    expect(finds('555 0100', '+1 518-555-0100')).toBe(true);
    expect(finds('0912', '+886 912 345 678')).toBe(false);
    expect(finds('+518', '+1 518-555-0100')).toBe(false);
  });
});
