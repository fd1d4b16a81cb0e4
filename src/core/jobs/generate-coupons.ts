import type { z } from 'zod';
import type { Contract } from '../../shared/contract';
import type { JobOutcome } from '../../shared/workspace-contract';
import { englishError } from '../i18n/english';
import { ValidationError } from '../platform/errors';
import type { SchoolData } from '../data/school-data';
import type { Job } from './job-registry';
import { CodeDrawer, patternProblem, type RandomIndex } from './coupon-codes';
import { runRows, type RowAnswer, type RowTask } from './run-rows';

type GenerateRequest = Pick<
  z.infer<Contract['coupons:generate']['request']>,
  'count' | 'pattern' | 'fields'
>;

/** How many fresh codes a row tries after the platform says its code is already on file. */
export const CODE_CLASH_RETRIES = 5;

/** A pattern too small for the count: refused before any request, with a plain sentence. */
export class PatternTooSmallError extends ValidationError {
  constructor(readonly sentence: string) {
    super({ pattern: sentence }, 422);
    this.name = 'PatternTooSmallError';
  }
}

/** Checks the request before a job starts; throws PatternTooSmallError when it cannot work. */
export function checkGenerate(request: Pick<GenerateRequest, 'count' | 'pattern'>): void {
  const problem = patternProblem(request.pattern, request.count);
  if (problem) throw new PatternTooSmallError(problem);
}

/**
 * Creates `count` coupons with unique codes drawn from the pattern, all with the same other
 * fields. Each create carries its own Idempotency-Key (the client makes one per call and
 * keeps it for that call's retries), so a lost answer never makes a coupon twice. When the
 * platform answers that a code is already on file (409, or 422 on `code`), that row draws a
 * new code and tries again, so the batch ends with `count` unique codes on the server.
 * Rows are `created` (label = code, id) or `failed` (label = the last code tried).
 */
export async function generateCoupons(
  client: SchoolData,
  job: Job,
  request: GenerateRequest,
  options: { randomIndex?: RandomIndex } = {},
): Promise<JobOutcome> {
  checkGenerate(request);
  const drawer = new CodeDrawer(request.pattern, options.randomIndex);
  const tasks = Array.from({ length: request.count }, (_, index) => {
    // The label is the code being tried, so a row that fails still names its code.
    const task: RowTask = {
      index,
      label: '',
      run: (signal) =>
        createOne(client, drawer, request.fields, signal, (code) => (task.label = code)),
    };
    return task;
  });
  return runRows(job, tasks, { total: request.count });
}

async function createOne(
  client: SchoolData,
  drawer: CodeDrawer,
  fields: GenerateRequest['fields'],
  signal: AbortSignal,
  trying: (code: string) => void,
): Promise<RowAnswer> {
  for (let attempt = 0; attempt <= CODE_CLASH_RETRIES; attempt += 1) {
    const code = drawer.draw();
    if (code === undefined) break;
    trying(code);
    try {
      const { record } = await client.create('coupons', { ...fields, code }, { signal });
      return { outcome: 'created', label: record.code, id: record.id };
    } catch (error) {
      // The pattern was checked up front, so a refusal on `code` means it is already taken.
      if (!(error instanceof ValidationError && 'code' in error.fields)) throw error;
    }
  }
  return { outcome: 'failed', code: 'codes_exhausted', message: englishError('codes_exhausted') };
}
