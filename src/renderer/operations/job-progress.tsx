import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobRowResult } from '../../shared/workspace-contract';
import { errorText } from '../words/error-text';
import { EveryRowTable } from './every-row-table';
import { ResultCells, ResultsHead } from './result-cells';
import type { Job } from './use-job';

type Outcome = JobRowResult['outcome'];

/**
 * One row of a finished operation as a screen shows it: `row` counts from 1, `message` is in
 * the owner's language (see {@link rowReason}).
 */
export type ResultRow = { row: number; outcome: Outcome; label: string; message?: string };

/** How many problem rows the results list shows before "and N more". */
export const MAX_LISTED_PROBLEMS = 100;

const OUTCOME_ORDER: Outcome[] = ['created', 'updated', 'existing', 'skipped', 'failed'];

/** What a progress bar counts. */
export type ProgressUnit = 'rows' | 'codes' | 'students' | 'courses' | 'coupons';

/**
 * Why a row did not go, in the owner's language: from its code and values when core sent
 * them, else its message (a field rule's words are translated too).
 */
export function rowReason(row: Pick<JobRowResult, 'code' | 'message' | 'params'>): string {
  if (!row.code && !row.message) return '';
  return errorText({ code: row.code ?? '', message: row.message, params: row.params });
}

type ProgressProps = {
  job: Pick<Job, 'done' | 'total' | 'failed' | 'cancelling' | 'cancel'>;
  /** What is being counted. */
  unit: ProgressUnit;
  /** Names the bar: "Import progress". */
  label: string;
};

/**
 * A labelled progress bar with "1,234 of 5,000 rows" beside it and a Cancel button. The
 * numbers are not a live region: announcing every step would drown a screen reader; the
 * results that follow are announced instead.
 */
export function JobProgress({ job, unit, label }: ProgressProps) {
  const { t } = useTranslation(['operations', 'common']);
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
        {[
          total > 0 ? t(`progress.${unit}`, { done, total }) : t('progress.starting'),
          failed > 0 ? t('progress.failed', { failed }) : '',
          job.cancelling ? t('progress.cancelling') : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <button
        type="button"
        className="secondary"
        disabled={job.cancelling}
        onClick={() => void job.cancel()}
      >
        {t('common:cancel')}
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
  /**
   * List every row with its outcome (problems first), not only the problems: an import names
   * what became of each line of the file, "already on file" included.
   */
  everyRow?: boolean;
};

/**
 * The end of a long operation: counts by outcome, then the rows that failed or were skipped
 * with their row number, label and message. Only the first {@link MAX_LISTED_PROBLEMS} are
 * listed so a file of thousands of bad rows cannot freeze the dialog. With `everyRow`, every
 * row is listed instead, problems first, in a table that draws only the rows in view.
 */
export function JobResults({
  rows,
  status,
  outcomeWords,
  rowNoun,
  heading,
  everyRow = false,
}: ResultsProps) {
  const { t } = useTranslation(['operations', 'common']);
  const headingId = useId();
  const counts = new Map<Outcome, number>();
  for (const r of rows) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
  const words: Record<Outcome, string> = {
    created: t('outcome.created'),
    updated: t('outcome.updated'),
    existing: t('outcome.existing'),
    skipped: t('outcome.skipped'),
    failed: t('outcome.failed'),
    ...outcomeWords,
  };
  const counted = OUTCOME_ORDER.filter((o) => counts.has(o)).map((o) => ({
    outcome: o,
    text: t('results.count', { count: counts.get(o) ?? 0, outcome: words[o] }),
  }));
  const isProblem = (r: ResultRow) => r.outcome === 'failed' || r.outcome === 'skipped';
  const problems = rows.filter((r) => isProblem(r)).sort((a, b) => a.row - b.row);
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  const everyRowFirstProblems = everyRow
    ? [...problems, ...rows.filter((r) => !isProblem(r)).sort((a, b) => a.row - b.row)]
    : [];

  return (
    <section className="job-results" aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      <p role="status">
        {status === 'cancelled' ? `${t('results.cancelled')} ` : ''}
        {counted.map((c) => c.text).join(t('results.listSeparator')) || t('results.nothing')}
      </p>
      <ul className="job-counts" aria-label={t('results.countsLabel')}>
        {counted.map((c) => (
          <li key={c.outcome} className={`job-count ${c.outcome}`}>
            {c.text}
          </li>
        ))}
      </ul>
      {everyRow && rows.length > 0 ? (
        <>
          <h4>{t('results.everyRow')}</h4>
          <EveryRowTable
            rows={everyRowFirstProblems}
            words={words}
            rowNoun={rowNoun ?? t('results.row')}
            label={t('results.everyRow')}
          />
        </>
      ) : null}
      {!everyRow && problems.length > 0 ? (
        <>
          <h4>{t('results.problems')}</h4>
          <table className="job-problems">
            <ResultsHead rowNoun={rowNoun ?? t('results.row')} />
            <tbody>
              {listed.map((r) => (
                <tr key={`${r.row}-${r.outcome}`}>
                  <ResultCells row={r} words={words} />
                </tr>
              ))}
            </tbody>
          </table>
          {problems.length > listed.length ? (
            <p className="hint">{t('results.more', { count: problems.length - listed.length })}</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
