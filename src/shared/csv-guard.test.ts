import { describe, expect, it } from 'vitest';
import { guardCell, unguardCell } from './csv-guard';

describe('CSV formula guard', () => {
  it('guards text a spreadsheet would run as a formula', () => {
    expect(guardCell('=HYPERLINK("http://evil.example")')).toBe(
      `'=HYPERLINK("http://evil.example")`,
    );
    expect(guardCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(guardCell('-2+3')).toBe("'-2+3");
    expect(guardCell('+1 518 =cmd')).toBe("'+1 518 =cmd");
    expect(guardCell('+A1')).toBe("'+A1");
    expect(guardCell('\t1')).toBe("'\t1");
    expect(guardCell('+1\r')).toBe("'+1\r");
  });

  it('writes a phone number as it is: digits, +, spaces, dashes, dots and parentheses run nothing', () => {
    for (const phone of ['+1 518-555-0100', '+886 912 345 678', '+44 (20) 7946.0000', '-123'])
      expect(guardCell(phone)).toBe(phone);
  });

  it('reads back every cell it wrote, guarded or not', () => {
    for (const text of ['=1+1', '+1 518-555-0100', "'quoted", 'plain', '@x', '+A1'])
      expect(unguardCell(guardCell(text))).toBe(text);
    // A phone number an earlier export guarded reads back the same.
    expect(unguardCell("'+1 518-555-0100")).toBe('+1 518-555-0100');
  });
});
