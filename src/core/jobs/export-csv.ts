import type { z } from 'zod';
import type { exportRequest } from '../../shared/workspace-contract';
import { MAX_LIST_LIMIT } from '../../shared/workspace-contract';
import type { SchoolData } from '../data/school-data';
import type { Job } from './job-registry';
import { exportFileName, toCsv } from './csv-columns';

type ExportList = z.infer<typeof exportRequest>;

/** The file an export made, or undefined when it was cancelled. */
export type ExportedFile = { fileName: string; rowCount: number; content: string };

/**
 * Fetches every record of the list (its search, sort and filters) in windows of 500, which
 * the client maps onto the server's pages of 50 fetched a few at a time, reporting progress
 * as rows of the total, and writes them as CSV (see csv-columns). A record that shifts into
 * a later window while the export runs (new records arriving) is written once.
 * Answers undefined when the job was cancelled.
 */
export async function exportCsv(
  client: SchoolData,
  job: Job,
  list: ExportList,
  today: Date = new Date(),
): Promise<ExportedFile | undefined> {
  const query = {
    q: list.q || undefined,
    sort: list.sort as never,
    filters: ('filters' in list ? list.filters : undefined) as never,
  };
  const rows: { id: string }[] = [];
  const seen = new Set<string>();
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
    if (window.rows.length < MAX_LIST_LIMIT || rows.length >= totalCount) {
      // The last report says done of done, so the bar ends full even if the count moved.
      job.progress(rows.length, rows.length, 0);
      break;
    }
    job.progress(rows.length, totalCount, 0);
  }
  return {
    fileName: exportFileName(list.entity, today),
    rowCount: rows.length,
    content: toCsv(list.entity, rows as never),
  };
}
