import { useId } from 'react';
import type { JobRowResult } from '../../shared/workspace-contract';
import { formatNumber } from '../format';
import type { Job } from './use-job';

type Outcome = JobRowResult['outcome'];

/** One row of a finished operation as a screen shows it: `row` counts from 1. */
export type ResultRow = { row: number; outcome: Outcome; label: string; message?: string };

/** How many problem rows the results list shows before "and N more". */
export const MAX_LISTED_PROBLEMS = 100;

const OUTCOME_ORDER: Outcome[] = ['created', 'updated', 'existing', 'skipped', 'failed'];
const DEFAULT_OUTCOME_WORDS: Record<Outcome, string> = {
  created: 'created',
  updated: 'updated',
  existing: 'already on file',
  skipped: 'skipped',
  failed: 'failed',
};

type ProgressProps = {
  job: Pick<Job, 'done' | 'total' | 'failed' | 'cancelling' | 'cancel'>;
  /** What is being counted: "rows", "codes", "students". */
  unit: string;
  /** Names the bar: "Import progress". */
  label: string;
};

/**
 * A labelled progress bar with "1,234 of 5,000 rows" beside it and a Cancel button. The
 * numbers are not a live region: announcing every step would drown a screen reader; the
 * results that follow are announced instead.
 */
export function JobProgress({ job, unit, label }: ProgressProps) {
  const labelId = useId();
  const { done, total, failed } = job;
  return (
    <div className="job-progress">
      <div id={labelId} className="job-progress-label">
        {label}
      </div>
      <progress
        aria-labelledby={labelId}
        max={Math.max(total, 1)}
        value={total > 0 ? Math.min(done, total) : undefined}
      />
      <p className="hint">
        {total > 0 ? `${formatNumber(done)} of ${formatNumber(total)} ${unit}` : 'Starting…'}
        {failed > 0 ? ` · ${formatNumber(failed)} failed` : ''}
        {job.cancelling ? ' · Cancelling…' : ''}
      </p>
      <button
        type="button"
        className="secondary"
        disabled={job.cancelling}
        onClick={() => void job.cancel()}
      >
        Cancel
      </button>
    </div>
  );
}

type ResultsProps = {
  rows: readonly ResultRow[];
  status: 'completed' | 'cancelled';
  /** Words for outcomes where the default does not fit the operation. */
  outcomeWords?: Partial<Record<Outcome, string>>;
  /** What a row is called in the problem list's heading: "Rows", "Codes", "Students". */
  rowNoun?: string;
  /** Heading level text: "Import finished". */
  heading: string;
};

/**
 * The end of a long operation: counts by outcome, then the rows that failed or were skipped
 * with their row number, label and message. Only the first {@link MAX_LISTED_PROBLEMS} are
 * listed so a file of thousands of bad rows cannot freeze the dialog.
 */
export function JobResults({ rows, status, outcomeWords, rowNoun = 'Row', heading }: ResultsProps) {
  const headingId = useId();
  const words = { ...DEFAULT_OUTCOME_WORDS, ...outcomeWords };
  const counts = new Map<Outcome, number>();
  for (const r of rows) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
  const problems = rows
    .filter((r) => r.outcome === 'failed' || r.outcome === 'skipped')
    .sort((a, b) => a.row - b.row);
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);

  return (
    <section className="job-results" aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      <p role="status">
        {status === 'cancelled' ? 'Cancelled. Rows done before that stay done. ' : ''}
        {OUTCOME_ORDER.filter((o) => counts.has(o))
          .map((o) => `${formatNumber(counts.get(o) ?? 0)} ${words[o]}`)
          .join(', ') || 'Nothing was done.'}
      </p>
      <ul className="job-counts" aria-label="Counts by outcome">
        {OUTCOME_ORDER.filter((o) => counts.has(o)).map((o) => (
          <li key={o} className={`job-count ${o}`}>
            <span className="job-count-number">{formatNumber(counts.get(o) ?? 0)}</span> {words[o]}
          </li>
        ))}
      </ul>
      {problems.length > 0 ? (
        <>
          <h4>Problems</h4>
          <table className="job-problems">
            <thead>
              <tr>
                <th scope="col">{rowNoun}</th>
                <th scope="col">Value</th>
                <th scope="col">Outcome</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {listed.map((r) => (
                <tr key={`${r.row}-${r.outcome}`}>
                  <td>{formatNumber(r.row)}</td>
                  <td>{r.label}</td>
                  <td>{words[r.outcome]}</td>
                  <td>{r.message ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {problems.length > listed.length ? (
            <p className="hint">and {formatNumber(problems.length - listed.length)} more</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
