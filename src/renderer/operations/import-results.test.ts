import { beforeEach, describe, expect, it } from 'vitest';
import type { JobOutcome } from '../../shared/workspace-contract';
import { speak } from '../test-language';
import { planImport } from './csv-import';
import { importResultRows } from './import-results';

const FILE = [
  'name,email,phone',
  'Ada,ada@example.com,',
  'No Email,not-an-email,',
  'Ada Again,ADA@example.com,',
  'Bob,bob@example.com,',
  'Cy,cy@example.com,',
  'Dee,dee@example.com,',
].join('\r\n');

describe('import results', () => {
  beforeEach(() => speak('en'));

  it('name every row of the file once, in file order, sent or not', () => {
    const plan = planImport(FILE);
    // Rows 1, 4, 5 and 6 were sent; the import was cancelled before row 6 started.
    const outcome: JobOutcome = {
      status: 'cancelled',
      results: [
        { index: 0, label: 'ada@example.com', outcome: 'created', id: 'a' },
        { index: 1, label: 'bob@example.com', outcome: 'existing', id: 'b' },
        {
          index: 2,
          label: 'cy@example.com',
          outcome: 'failed',
          code: 'field.email_taken',
          message: 'Email already exists',
        },
      ],
    };
    const rows = importResultRows(plan, outcome);
    expect(rows.map((r) => [r.row, r.outcome, r.label])).toEqual([
      [1, 'created', 'ada@example.com'],
      [2, 'skipped', 'not-an-email'],
      [3, 'skipped', 'ADA@example.com'],
      [4, 'existing', 'bob@example.com'],
      [5, 'failed', 'cy@example.com'],
      [6, 'skipped', 'dee@example.com'],
    ]);
    expect(rows[0]?.message).toBeUndefined();
    expect(rows[2]?.message).toBe('Same e-mail as row 1');
    expect(rows[5]?.message).toBe('Not sent: the import was stopped before this row.');
  });
});
