import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobOutcome } from '../../shared/workspace-contract';
import { bridge, toUiError, unwrap, type UiError } from '../data/bridge';
import { entityKeys } from '../data/entity-queries';
import {
  CsvFileError,
  MAX_IMPORT_ROWS,
  dryRunSummary,
  planImport,
  readCsvFile,
  type ImportPlan,
} from './csv-import';
import { JobProgress, JobResults, MAX_LISTED_PROBLEMS } from './job-progress';
import { importResultRows } from './import-results';
import { OperationDialog } from './operation-dialog';
import { OfflineNotice, useOfflineNote } from '../sync/offline-notice';
import { OperationError } from './operation-error';
import { useJob } from './use-job';

/** What the operation needs; offered through step-up when the session lacks it. */
const WRITE_STUDENTS = ['students:write'];

type Props = { schoolId: string; onClose: () => void };

type Loaded = { fileName: string; plan: ImportPlan };

/**
 * Import students from a CSV: pick or drop a file, see a preview, the rows that will be
 * skipped and a dry-run summary, then send only the valid, de-duplicated rows and follow the
 * import to per-row results. The platform finds students by e-mail, so importing a file twice
 * creates nobody twice.
 */
export function ImportDialog({ schoolId, onClose }: Props) {
  const { t } = useTranslation('operations');
  const queryClient = useQueryClient();
  const job = useJob();
  const { offline, noteId } = useOfflineNote(schoolId);
  const inputId = useId();
  const hintId = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const [outcome, setOutcome] = useState<JobOutcome | null>(null);

  const load = async (file: File | undefined) => {
    if (!file) return;
    setLoaded(null);
    setOutcome(null);
    setError(null);
    setFileError(null);
    setReading(true);
    try {
      setLoaded({ fileName: file.name, plan: planImport(await readCsvFile(file)) });
    } catch (e) {
      setFileError(e instanceof CsvFileError ? e.message : t('import.unreadable'));
    } finally {
      setReading(false);
    }
  };

  const run = async () => {
    if (!loaded) return;
    const { rows } = loaded.plan;
    setError(null);
    try {
      setOutcome(
        await job.start(
          async (jobId) => unwrap(await bridge().students.import({ schoolId, jobId, rows })),
          rows.length,
        ),
      );
    } catch (e) {
      setError(toUiError(e));
    } finally {
      // Even a cancelled or failed import may have created some students.
      void queryClient.invalidateQueries({ queryKey: entityKeys.lists(schoolId, 'students') });
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!job.running) void load(event.dataTransfer.files[0]);
  };

  const plan = loaded?.plan;
  const problems = plan ? [...plan.invalid, ...plan.duplicates].sort((a, b) => a.row - b.row) : [];
  const ready = plan?.rows.length ?? 0;
  const busy = job.running || outcome !== null;

  return (
    <OperationDialog
      title={t('import.title')}
      onClose={onClose}
      job={job}
      operation={t('operation.import')}
      dirty={!outcome && loaded !== null}
    >
      {!busy ? (
        <div
          className={`drop-zone${dragging ? ' dragging' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <label htmlFor={inputId}>{t('import.fileLabel')}</label>
          {/* The browser's own file button speaks the browser's language, not the owner's:
              the input is kept (and focused, and named by the label above) but drawn as a
              button in the owner's words beside the chosen file's name. */}
          <div className="file-pick">
            <input
              id={inputId}
              className="file-pick-input"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={hintId}
              onChange={(event) => void load(event.target.files?.[0])}
            />
            <label htmlFor={inputId} className="button-link secondary" aria-hidden="true">
              {t('import.choose')}
            </label>
            <span className="hint" aria-hidden="true">
              {loaded?.fileName ?? t('import.noFile')}
            </span>
          </div>
          <p id={hintId} className="hint">
            {t('import.hint', { max: MAX_IMPORT_ROWS })}
          </p>
        </div>
      ) : null}
      <p role="status" className="hint">
        {reading ? t('import.reading') : ''}
      </p>
      {fileError ? (
        <p role="alert" className="notice error">
          {fileError}
        </p>
      ) : null}

      {plan && !busy ? (
        <>
          <h3>{t('import.previewOf', { fileName: loaded.fileName })}</h3>
          <div className="table-scroll">
            <table className="csv-preview">
              <caption className="hint">
                {t('import.previewCaption', {
                  shown: Math.min(plan.preview.length, 10),
                  total: plan.totalRows,
                })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('import.colRow')}</th>
                  <th scope="col">{t('import.colName')}</th>
                  <th scope="col">{t('import.colEmail')}</th>
                  <th scope="col">{t('import.colPhone')}</th>
                </tr>
              </thead>
              <tbody>
                {plan.preview.map((row, index) => (
                  <tr key={index}>
                    <td>{index + 1}</td>
                    <td>{row.name}</td>
                    <td>{row.email}</td>
                    <td>{row.phoneNumber ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {problems.length > 0 ? (
            <>
              <h3>{t('import.skippedHeading')}</h3>
              <p className="hint">{t('import.rowOne')}</p>
              <ul className="problem-rows">
                {problems.slice(0, MAX_LISTED_PROBLEMS).map((p) => (
                  <li key={p.row}>
                    {t('import.problem', { row: p.row, label: p.label, message: p.message })}
                  </li>
                ))}
              </ul>
              {problems.length > MAX_LISTED_PROBLEMS ? (
                <p className="hint">
                  {t('results.more', { count: problems.length - MAX_LISTED_PROBLEMS })}
                </p>
              ) : null}
            </>
          ) : null}
          <p className="notice dry-run" aria-live="polite">
            {dryRunSummary(plan)}
          </p>
          {noteId ? <OfflineNotice id={noteId} /> : null}
          <div className="actions">
            <button
              type="button"
              className="primary"
              disabled={ready === 0 || offline}
              aria-describedby={noteId}
              onClick={() => void run()}
            >
              {t('import.submit', { count: ready })}
            </button>
          </div>
        </>
      ) : null}

      {job.running ? <JobProgress job={job} unit="rows" label={t('import.progress')} /> : null}
      <OperationError error={error} scopes={WRITE_STUDENTS} />
      {outcome && plan ? (
        <>
          <JobResults
            heading={t('import.finished')}
            status={outcome.status}
            rows={importResultRows(plan, outcome)}
            everyRow
          />
          <div className="actions">
            <button type="button" className="primary" onClick={onClose}>
              {t('dialog.done')}
            </button>
          </div>
        </>
      ) : null}
    </OperationDialog>
  );
}
