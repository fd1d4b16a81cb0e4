import type { z } from 'zod';
import { englishError } from '../i18n/english';
import { unguardCell } from '../../shared/csv-guard';
import {
  importRowFields,
  type importRow,
  type JobOutcome,
  type JobRowResult,
} from '../../shared/workspace-contract';
import type { SchoolData } from '../data/school-data';
import type { Job } from './job-registry';
import { importKey } from './import-key';
import { fieldRuleOf, runRows, type RowTask } from './run-rows';

type ImportRow = z.infer<typeof importRow>;

/** A row checked with the shared rules: the student to create, or the first problem. */
export type CheckedRow =
  | { ok: true; student: { name: string; email: string; phoneNumber: string | null } }
  | { ok: false; message: string; code?: string; params?: Record<string, string | number> };

/**
 * Checks one imported row with the same field rules as the forms and the platform. A cell
 * our export guarded against formula injection (`'+33 …`) is read back without the guard,
 * and an empty phone number means none.
 */
export function checkRow(row: ImportRow): CheckedRow {
  const phone = unguardCell((row.phoneNumber ?? '').trim());
  const parsed = importRowFields.safeParse({
    name: unguardCell(row.name.trim()),
    email: unguardCell(row.email.trim()),
    phoneNumber: phone === '' ? null : phone,
  });
  if (parsed.success) return { ok: true, student: parsed.data };
  const message = parsed.error.issues[0]?.message;
  return message
    ? { ok: false, message, ...fieldRuleOf(message) }
    : { ok: false, code: 'invalid_row', message: englishError('invalid_row') };
}

/**
 * Imports students, idempotent by e-mail. Each row ends as one of:
 * - `failed`: the row breaks a field rule (message: the first one, e.g. "Invalid email"), or
 *   the platform refused it (message: its sentence);
 * - `skipped`: its e-mail (compared lowercased) already appeared on an earlier row of the
 *   file: "Same e-mail as row N", N counting data rows from 1 (index + 1 of that row);
 * - `created`: the platform made the student now (201);
 * - `existing`: a student with that e-mail is already on file (200), or an earlier run of
 *   this same import made it (the platform replayed its answer to the same key). Nothing is
 *   changed on an existing student.
 * Labels are the e-mail as typed (or the name, or "Row N" when both are empty); ids are set
 * for created and existing rows.
 *
 * Every create carries an Idempotency-Key derived from the school and the row (importKey),
 * so a re-run after a crash cannot duplicate anyone either.
 */
export async function importStudents(
  client: SchoolData,
  job: Job,
  request: { schoolId: string; rows: readonly ImportRow[] },
): Promise<JobOutcome> {
  const settled: JobRowResult[] = [];
  const tasks: RowTask[] = [];
  const firstRowOf = new Map<string, number>();
  request.rows.forEach((row, index) => {
    const label = row.email.trim() || row.name.trim() || `Row ${index + 1}`;
    const checked = checkRow(row);
    if (!checked.ok) {
      const { message, code, params } = checked;
      settled.push({
        index,
        label,
        outcome: 'failed',
        message,
        ...(code ? { code } : {}),
        ...(params ? { params } : {}),
      });
      return;
    }
    const { student } = checked;
    const earlier = firstRowOf.get(student.email);
    if (earlier !== undefined) {
      settled.push({
        index,
        label,
        outcome: 'skipped',
        code: 'duplicate_email',
        params: { row: earlier + 1 },
        message: englishError('duplicate_email', { row: String(earlier + 1) }),
      });
      return;
    }
    firstRowOf.set(student.email, index);
    const idempotencyKey = importKey(request.schoolId, student);
    tasks.push({
      index,
      label,
      run: async (signal) => {
        const answer = await client.create('students', student, { idempotencyKey, signal });
        return {
          outcome: answer.created && !answer.replayed ? 'created' : 'existing',
          id: answer.record.id,
        };
      },
    });
  });
  return runRows(job, tasks, { total: request.rows.length, settled });
}
