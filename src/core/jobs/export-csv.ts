import type { z } from 'zod';
import type { exportRequest } from '../../shared/workspace-contract';
import { MAX_LIST_LIMIT } from '../../shared/workspace-contract';
import type { SchoolData } from '../data/school-data';
import type { Job } from './job-registry';
import { exportFileName, toCsv } from './csv-columns';

type ExportList = z.infer<typeof exportRequest>;

/**
 * The file an export made, or undefined when it was cancelled. `unreadable` counts the
 * records the platform sent that did not match their schema: they are not in the file.
 */
export type ExportedFile = {
  fileName: string;
  rowCount: number;
  content: string;
  unreadable: number;
};

/**
 * Fetches every record of the list (its search, sort and filters) in windows of 500, which
 * the client maps onto the server's pages of 50 fetched a few at a time, reporting progress
 * as rows of the total, and writes them as CSV (see csv-columns). A record that shifts into
 * a later window while the export runs (new records arriving) is written once. A record the
 * platform sent malformed is left out and reported as a failed row in the progress (a field
 * that is merely missing is an empty cell, see csv-columns).
 * Answers undefined when the job was cancelled.
 */
export async function exportCsv(
  client: SchoolData,
  job: Job,
  list: ExportList,
  today: Date = new Date(),
  fileLabel?: string,
): Promise<ExportedFile | undefined> {
  const query = {
    q: list.q,
    sort: list.sort as never,
    filters: ('filters' in list ? list.filters : undefined) as never,
  };
  const rows: { id: string }[] = [];
  const seen = new Set<string>();
  let unreadable = 0;
  let totalCount = Number.POSITIVE_INFINITY;
  for (let offset = 0; offset < totalCount; offset += MAX_LIST_LIMIT) {
    if (job.signal.aborted) return undefined;
    let window;
    try {
      window = await client.list(list.entity, {
        ...query,
        offset,
        limit: MAX_LIST_LIMIT,
        signal: job.signal,
      });
    } catch (error) {
      if (job.signal.aborted) return undefined;
      throw error;
    }
    totalCount = window.totalCount;
    for (const row of window.rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
    // Unreadable records were in the window too: they count towards its end and the total.
    const skipped = window.unreadable ?? 0;
    unreadable += skipped;
    const read = rows.length + unreadable;
    if (window.rows.length + skipped < MAX_LIST_LIMIT || read >= totalCount) {
      // The last report says done of done, so the bar ends full even if the count moved.
      job.progress(read, read, unreadable);
      break;
    }
    job.progress(read, totalCount, unreadable);
  }
  return {
    fileName: exportFileName(list.entity, today, fileLabel),
    rowCount: rows.length,
    content: toCsv(list.entity, rows as never),
    unreadable,
  };
}
