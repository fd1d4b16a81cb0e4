import { useTranslation } from 'react-i18next';
import type { JobRowResult } from '../../shared/workspace-contract';
import { formatNumber } from '../words/format';
import type { ResultRow } from './job-progress';

/** The owner's word for each outcome ("already on file"). */
export type OutcomeWords = Record<JobRowResult['outcome'], string>;

/**
 * The head of a table of row results (the problems, or every row): the row, its value, what
 * happened to it and why. `rowIndex` is its place for assistive technology in a table that
 * draws only some of its rows.
 */
export function ResultsHead({ rowNoun, rowIndex }: { rowNoun: string; rowIndex?: number }) {
  const { t } = useTranslation('operations');
  return (
    <thead>
      <tr aria-rowindex={rowIndex}>
        <th scope="col">{rowNoun}</th>
        <th scope="col">{t('results.value')}</th>
        <th scope="col">{t('results.outcome')}</th>
        <th scope="col">{t('results.reason')}</th>
      </tr>
    </thead>
  );
}

/** One row result's cells, in ResultsHead's order. */
export function ResultCells({ row, words }: { row: ResultRow; words: OutcomeWords }) {
  return (
    <>
      <td>{formatNumber(row.row)}</td>
      <td>{row.label}</td>
      <td>{words[row.outcome]}</td>
      <td>{row.message ?? ''}</td>
    </>
  );
}
