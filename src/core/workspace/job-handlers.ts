import { bulkEnroll } from '../jobs/bulk-enroll';
import { exportCsv } from '../jobs/export-csv';
import { checkGenerate, generateCoupons } from '../jobs/generate-coupons';
import { importStudents } from '../jobs/import-students';
import { downloadInBrowser, type FileSaver } from './file-saver';
import type { JobRegistry } from '../jobs/job-registry';
import type { SchoolDirectory } from '../data/school-data';
import type { HandlerOf } from '../handler-of';

export type JobChannel =
  'coupons:generate' | 'students:import' | 'enrollments:bulkEnroll' | 'export:csv' | 'jobs:cancel';

/**
 * The long operations' channels. Each runs as a job under the renderer's `jobId`, so the
 * renderer follows it through `job:progress` events and can stop it with `jobs:cancel`; the
 * answer comes when the job ends (see src/core/jobs for what each reports per row).
 * A failure no row can get past (session ended, scope missing) is answered as an error.
 */
export function createJobHandlers(
  schools: SchoolDirectory,
  jobs: JobRegistry,
  saveFile: FileSaver = downloadInBrowser,
): { [C in JobChannel]: HandlerOf<C> } {
  return {
    'coupons:generate': async (request) => {
      // A pattern too small for the count is refused before anything starts.
      checkGenerate(request);
      const school = await (schools.forLongOperations ?? schools.for).call(
        schools,
        request.schoolId,
      );
      return jobs.run(request.jobId, (job) => generateCoupons(school, job, request));
    },
    'students:import': async (request) => {
      const school = await (schools.forLongOperations ?? schools.for).call(
        schools,
        request.schoolId,
      );
      return jobs.run(request.jobId, (job) => importStudents(school, job, request));
    },
    'enrollments:bulkEnroll': async (request) => {
      const school = await (schools.forLongOperations ?? schools.for).call(
        schools,
        request.schoolId,
      );
      return jobs.run(request.jobId, (job) => bulkEnroll(school, job, request));
    },
    'export:csv': async (request) => {
      const school = await (schools.forLongOperations ?? schools.for).call(
        schools,
        request.schoolId,
      );
      const file = await jobs.run(request.jobId, (job) =>
        exportCsv(school, job, request.list, new Date(), request.fileLabel),
      );
      if (!file) return { outcome: 'cancelled' as const };
      const saved = await saveFile(file.fileName, file.content);
      if (saved.outcome === 'cancelled') return saved;
      return saved.outcome === 'saved'
        ? { outcome: 'saved' as const, fileName: saved.fileName, rowCount: file.rowCount }
        : { ...saved, rowCount: file.rowCount };
    },
    'jobs:cancel': ({ jobId }) => Promise.resolve({ cancelled: jobs.cancel(jobId) }),
  };
}
