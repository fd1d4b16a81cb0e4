import { englishError } from '../i18n/english';
import type { JobOutcome, JobRowResult } from '../../shared/workspace-contract';
import type { SchoolData } from '../data/school-data';
import type { Job } from './job-registry';
import { runRows, type RowTask } from './run-rows';

/**
 * Enrolls each student in one course. The enroll is a PUT upsert, so a student already
 * enrolled keeps one enrollment (with `endedAt` as given) and a re-run is harmless.
 * Rows are `created` (enrolled now), `existing` (already enrolled; nothing asked to change),
 * `updated` (already enrolled, and its end of access was set to `endedAt`) or `failed` (e.g.
 * "That record no longer exists on the school." for a deleted student or course).
 * Labels are the student ids (the renderer knows their names); ids are the enrollments'.
 * A duplicate id in the request is `skipped`.
 */
export async function bulkEnroll(
  client: SchoolData,
  job: Job,
  request: { courseId: string; studentIds: readonly string[]; endedAt?: number | null },
): Promise<JobOutcome> {
  const fields = request.endedAt === undefined ? {} : { endedAt: request.endedAt };
  const seen = new Set<string>();
  const tasks: RowTask[] = [];
  const settled: JobRowResult[] = [];
  request.studentIds.forEach((studentId, index) => {
    if (seen.has(studentId)) {
      settled.push({
        index,
        label: studentId,
        outcome: 'skipped',
        code: 'listed_twice',
        message: englishError('listed_twice'),
      });
      return;
    }
    seen.add(studentId);
    tasks.push({
      index,
      label: studentId,
      run: async (signal) => {
        const answer = await client.enroll(studentId, request.courseId, fields, { signal });
        const outcome = answer.created
          ? 'created'
          : request.endedAt === undefined
            ? 'existing'
            : 'updated';
        return { outcome, id: answer.record.id };
      },
    });
  });
  return runRows(job, tasks, { total: request.studentIds.length, settled });
}
