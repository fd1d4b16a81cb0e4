import { beforeEach, describe, expect, it } from 'vitest';
import { speak } from '../test-language';
import {
  CsvFileError,
  canonicalHeader,
  dryRunSummary,
  planImport,
  readCsvFile,
} from './csv-import';

const MIXED = [
  'name,email,phone',
  'Ada,ada@example.com,+886 912 345 678',
  'No Email,not-an-email,',
  ',blank@example.com,',
  'Bad Phone,phone@example.com,call me',
  '',
  'Ada Again,ADA@example.com,',
  'Bob,bob@example.com,',
].join('\r\n');

describe('students CSV import plan', () => {
  beforeEach(() => speak('en'));

  it('maps header aliases whatever their case, spacing or hyphens', () => {
    expect(canonicalHeader('Full Name')).toBe('name');
    expect(canonicalHeader('E-mail')).toBe('email');
    expect(canonicalHeader(' EMAIL ')).toBe('email');
    expect(canonicalHeader('Phone number')).toBe('phoneNumber');
    expect(canonicalHeader('phone_number')).toBe('phoneNumber');
    expect(canonicalHeader('phoneNumber')).toBe('phoneNumber');
    expect(canonicalHeader('\uFEFFname')).toBe('name');
    expect(canonicalHeader('Notes')).toBe('Notes');
    expect(canonicalHeader('電子郵件')).toBe('email');
    expect(canonicalHeader(' 姓名 ')).toBe('name');
    expect(canonicalHeader('手機')).toBe('phoneNumber');
  });

  it('reads UTF-8 with or without a BOM, and non-ASCII names survive', async () => {
    const body = 'Full name,E-mail\n王小明,wang@example.com\n';
    for (const text of [body, `\uFEFF${body}`]) {
      const bytes = new TextEncoder().encode(text);
      const plan = planImport(await readCsvFile(new Blob([bytes])));
      expect(plan.rows).toEqual([{ name: '王小明', email: 'wang@example.com', phoneNumber: null }]);
    }
  });

  it('keeps valid rows, reports bad ones and repeated e-mails with their row numbers', () => {
    const plan = planImport(MIXED);
    expect(plan.totalRows).toBe(6);
    expect(plan.rows.map((r) => r.email)).toEqual(['ada@example.com', 'bob@example.com']);
    expect(plan.rowNumbers).toEqual([1, 6]);
    expect(plan.invalid).toEqual([
      { row: 2, label: 'not-an-email', message: 'Invalid email' },
      { row: 3, label: 'blank@example.com', message: 'Name cannot be empty' },
      { row: 4, label: 'phone@example.com', message: 'Invalid phone number' },
    ]);
    expect(plan.duplicates).toEqual([
      { row: 5, label: 'ADA@example.com', message: 'Same e-mail as row 1' },
    ]);
    expect(dryRunSummary(plan)).toBe(
      '2 rows are ready to import. 3 rows have problems and will be skipped. 1 row repeats an e-mail from an earlier row and will be skipped.',
    );
  });

  it('reads back cells our export guarded against formula injection', () => {
    const plan = planImport("name,email,phoneNumber\n'=Eve,eve@example.com,'+886 912 345 678\n");
    expect(plan.rows).toEqual([
      { name: '=Eve', email: 'eve@example.com', phoneNumber: '+886 912 345 678' },
    ]);
  });

  it('refuses a file without a name or email column in a sentence', () => {
    expect(() => planImport('email,phone\na@example.com,\n')).toThrow(CsvFileError);
    expect(() => planImport('first,last\nA,B\n')).toThrow('The file has no name or email column');
    expect(() => planImport('name,email\n')).toThrow('The file has no rows below its header.');
  });

  it('plans 5,000 rows quickly', () => {
    const lines = ['name,email'];
    for (let i = 0; i < 5000; i++) lines.push(`Student ${i},s${i}@bulk.example`);
    const started = performance.now();
    const plan = planImport(lines.join('\n'));
    expect(plan.rows).toHaveLength(5000);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(dryRunSummary(plan)).toBe('5,000 rows are ready to import.');
  });
});

describe('the import report in Chinese', () => {
  beforeEach(() => speak('zh-TW'));

  it('writes the row problems and the dry run in the owner’s language', () => {
    const plan = planImport(MIXED);
    expect(plan.invalid.map((p) => p.message)).toEqual([
      '電子郵件無效',
      '名稱不能空白',
      '電話號碼無效',
    ]);
    expect(plan.duplicates).toEqual([
      { row: 5, label: 'ADA@example.com', message: '與第 1 列的電子郵件相同' },
    ]);
    expect(dryRunSummary(plan)).toBe(
      '2 列可以匯入。3 列有問題，將會略過。1 列的電子郵件與前面的列重複，將會略過。',
    );
  });

  it('reads a spreadsheet whose headers are Chinese', () => {
    const plan = planImport('姓名,電子郵件,電話\n王小明,wang@example.com,0912 345 678\n');
    expect(plan.rows).toEqual([
      { name: '王小明', email: 'wang@example.com', phoneNumber: '0912 345 678' },
    ]);
  });

  it('refuses an unusable file in Chinese', () => {
    expect(() => planImport('first,last\nA,B\n')).toThrow(
      '檔案沒有 name（姓名）和 email（電子郵件）欄。',
    );
    expect(() => planImport('name,email\n')).toThrow('檔案在標題列下方沒有任何資料。');
  });
});
