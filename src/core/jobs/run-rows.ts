import { parseFieldError } from '../../shared/field-errors';
import type { JobOutcome, JobRowResult } from '../../shared/workspace-contract';
import { AuthError } from '../auth/errors';
import { PlatformError, RateLimitedError, ValidationError } from '../platform/errors';
import type { Job } from './job-registry';
import { failureOf } from '../failures';
import { englishError } from '../i18n/english';

/** Rows worked on at once: small, so a job shares the platform's rate limit with the app. */
export const JOB_CONCURRENCY = 4;

/** How often a row is tried again after the platform kept answering 429 past its retries. */
const RATE_LIMIT_ROUNDS = 3;

/** What a row's work answers; index and label come from its task unless it names another. */
export type RowAnswer = Omit<JobRowResult, 'index' | 'label'> & { label?: string };

/** One row that needs the platform. `run` must pass `signal` to every request it makes. */
export type RowTask = {
  index: number;
  label: string;
  run: (signal: AbortSignal) => Promise<RowAnswer>;
};

/**
 * A failure that no other row can get past either: the session ended or lacks a scope. The
 * job stops and the handler answers that error, so the renderer can offer sign-in or step-up
 * (every job here is safe to run again from the start).
 */
export function isJobFatal(error: unknown): boolean {
  if (error instanceof AuthError) return true;
  return error instanceof PlatformError && (error.status === 401 || error.status === 403);
}

/**
 * Why a failed row failed: the platform's own message for the first field it refused (e.g.
 * "Invalid email", with its rule and values when a field rule states it, see field-errors),
 * else the code of the failure and its sentence. The renderer writes it from the code in the
 * owner's language; `message` stays English, for logs. Never a stack or a server's raw detail.
 */
export function rowFailure(error: unknown): Pick<JobRowResult, 'message' | 'code' | 'params'> {
  if (error instanceof ValidationError) {
    const first = Object.values(error.fields)[0];
    if (first) return { message: first, ...fieldRuleOf(first) };
  }
  const known = failureOf(error);
  return known
    ? { code: known.code, message: englishError(known.code) }
    : { code: 'internal', message: englishError('internal') };
}

/** A field rule's code and values for a row result, when the sentence states one. */
export function fieldRuleOf(message: string): Pick<JobRowResult, 'code' | 'params'> {
  const rule = parseFieldError(message);
  if (!rule) return {};
  const params = Object.fromEntries(
    Object.entries(rule.params).filter(([, value]) => value !== undefined),
  ) as Record<string, string | number>;
  return { code: `field.${rule.rule}`, ...(Object.keys(params).length > 0 ? { params } : {}) };
}

/**
 * Runs a job's rows, `concurrency` at once, and reports progress after each.
 *
 * - `settled` are rows already decided without a request (invalid, duplicate); they count
 *   as done from the start.
 * - Cancel (the job's signal) stops new rows from starting and aborts the requests in
 *   flight; a row interrupted that way is reported `skipped`, with a message that says the
 *   platform may have done it anyway (the request had left), and the rows never started are
 *   not reported at all.
 * - A fatal failure (see isJobFatal) stops every row and is thrown.
 *
 * Answers the results in row order, `cancelled` when the cancel left rows undone.
 */
export async function runRows(
  job: Job,
  tasks: readonly RowTask[],
  options: { total: number; settled?: JobRowResult[]; concurrency?: number },
): Promise<JobOutcome> {
  const results: JobRowResult[] = [...(options.settled ?? [])];
  const { total } = options;
  let failed = results.filter((row) => row.outcome === 'failed').length;
  let interrupted = false;
  let fatal: { error: unknown } | undefined;
  const stop = new AbortController();
  const signal = AbortSignal.any([job.signal, stop.signal]);
  job.progress(results.length, total, failed);

  const record = (row: JobRowResult) => {
    results.push(row);
    if (row.outcome === 'failed') failed += 1;
    job.progress(results.length, total, failed);
  };

  let next = 0;
  const worker = async () => {
    while (!signal.aborted && next < tasks.length) {
      const task = tasks[next++]!;
      try {
        const answer = await runWithPatience(task, signal);
        record({ index: task.index, label: task.label, ...answer });
      } catch (error) {
        if (job.signal.aborted) {
          interrupted = true;
          record({
            index: task.index,
            label: task.label,
            outcome: 'skipped',
            code: 'job_cancelled',
            message: englishError('job_cancelled'),
          });
        } else if (stop.signal.aborted) {
          // Another row's fatal failure aborted this one; that failure is what is reported.
        } else if (isJobFatal(error)) {
          fatal ??= { error };
          stop.abort();
        } else {
          record({
            index: task.index,
            label: task.label,
            outcome: 'failed',
            ...rowFailure(error),
          });
        }
      }
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? JOB_CONCURRENCY, tasks.length));
  await Promise.all(Array.from({ length: workers }, worker));

  if (fatal) throw fatal.error;
  results.sort((a, b) => a.index - b.index);
  const undone = interrupted || results.length < total;
  return { status: job.signal.aborted && undone ? 'cancelled' : 'completed', results };
}

/**
 * Runs a row; when the platform still answers 429 after the client's own waits (a long job
 * shares the minute's budget with everything else), the row is tried again a few times
 * rather than failed: each try is safe to repeat (Idempotency-Key, or a PUT upsert).
 */
async function runWithPatience(task: RowTask, signal: AbortSignal): Promise<RowAnswer> {
  // Each row gets its own signal, unlinked when it ends: fetch leaves its abort listener on
  // the signal it was given, so thousands of rows on the job's signal would pile them up.
  const row = new AbortController();
  const abort = () => row.abort();
  if (signal.aborted) row.abort();
  else signal.addEventListener('abort', abort, { once: true });
  try {
    for (let round = 0; ; round += 1) {
      try {
        return await task.run(row.signal);
      } catch (error) {
        if (!(error instanceof RateLimitedError) || round >= RATE_LIMIT_ROUNDS || signal.aborted)
          throw error;
      }
    }
  } finally {
    signal.removeEventListener('abort', abort);
  }
}
