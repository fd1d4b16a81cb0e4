import i18next from 'i18next';
import type { JobOutcome } from '../../shared/workspace-contract';
import type { ImportPlan } from './csv-import';
import { rowReason, type ResultRow } from './job-progress';

/**
 * Every row of the file with its outcome, in file order: what main answered for the rows
 * sent (created, already on file, failed with why), the rows the dry run held back (skipped,
 * with why), and the rows a cancelled import never sent (skipped: not sent). So the owner
 * can tell, for any line of the file, what became of it.
 */
export function importResultRows(plan: ImportPlan, outcome: JobOutcome): ResultRow[] {
  const skipped = [...plan.invalid, ...plan.duplicates].map((p): ResultRow => ({
    row: p.row,
    outcome: 'skipped',
    label: p.label,
    message: p.message,
  }));
  const answered = new Set<number>();
  const sent = outcome.results.map((r): ResultRow => {
    answered.add(r.index);
    return {
      row: plan.rowNumbers[r.index] ?? r.index + 1,
      outcome: r.outcome,
      label: r.label,
      ...(r.code || r.message ? { message: rowReason(r) } : {}),
    };
  });
  const notSent = plan.rows.flatMap((row, index): ResultRow[] =>
    answered.has(index)
      ? []
      : [
          {
            row: plan.rowNumbers[index] ?? index + 1,
            outcome: 'skipped',
            label: row.email || row.name,
            message: i18next.t('operations:import.notSent'),
          },
        ],
  );
  return [...sent, ...skipped, ...notSent].sort((a, b) => a.row - b.row);
}
