import { describe, expect, it } from 'vitest';
import { countOf, formatDate, formatNumber } from './format';

describe('formatDate', () => {
  it('writes a day as day, month name and year, whatever the machine’s locale', () => {
    // Noon UTC, so the day is the same in every time zone the tests may run in.
    expect(formatDate(Date.UTC(2024, 10, 21, 12) / 1000)).toBe('21 Nov 2024');
    expect(formatDate(Date.UTC(2026, 0, 2, 12) / 1000)).toBe('2 Jan 2026');
  });

  it('writes the fallback for no date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(null, 'Never')).toBe('Never');
  });

  it('writes an em dash for a date the school left out or no calendar can show', () => {
    expect(formatDate(undefined, 'Never')).toBe('—');
    expect(formatDate(1e20)).toBe('—');
    expect(formatDate(Number.NaN)).toBe('—');
    expect(formatNumber(undefined)).toBe('—');
  });
});

describe('formatNumber and countOf', () => {
  it('groups thousands', () => {
    expect(formatNumber(100_000)).toBe('100,000');
    expect(countOf(4_997, 'row')).toBe('4,997 rows');
    expect(countOf(1, 'student')).toBe('1 student');
  });
});
