import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type DragEvent } from 'react';
import type { JobOutcome } from '../../shared/workspace-contract';
import { bridge, toUiError, unwrap, type UiError } from '../bridge';
import { entityKeys } from '../entity-queries';
import {
  CsvFileError,
  MAX_IMPORT_ROWS,
  dryRunSummary,
  planImport,
  readCsvFile,
  type ImportPlan,
} from './csv-import';
import { countOf, formatNumber } from '../format';
import { JobProgress, JobResults, MAX_LISTED_PROBLEMS, type ResultRow } from './job-progress';
import { OperationDialog } from './operation-dialog';
import { OfflineNotice, useOfflineNote } from '../components/offline-notice';
import { OperationError } from './operation-error';
import { useJob } from './use-job';

type Props = { schoolId: string; onClose: () => void };

type Loaded = { fileName: string; plan: ImportPlan };

/**
 * Import students from a CSV: pick or drop a file, see a preview, the rows that will be
 * skipped and a dry-run summary, then send only the valid, de-duplicated rows and follow the
 * import to per-row results. The platform finds students by e-mail, so importing a file twice
 * creates nobody twice.
 */
export function ImportDialog({ schoolId, onClose }: Props) {
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
      setFileError(
        e instanceof CsvFileError
          ? e.message
          : 'The file could not be read. Choose a CSV file saved as UTF-8 text.',
      );
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
    <OperationDialog title="Import students" onClose={onClose} job={job} operation="the import">
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
          <label htmlFor={inputId}>CSV file of students</label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            onChange={(event) => void load(event.target.files?.[0])}
          />
          <p id={hintId} className="hint">
            Choose a file or drop it here. The first line names the columns: name (or full name),
            email (or e-mail) and, if you like, phone. Up to {formatNumber(MAX_IMPORT_ROWS)} rows,
            UTF-8 with or without a BOM.
          </p>
        </div>
      ) : null}
      <p role="status" className="hint">
        {reading ? 'Reading the file…' : ''}
      </p>
      {fileError ? (
        <p role="alert" className="notice error">
          {fileError}
        </p>
      ) : null}

      {plan && !busy ? (
        <>
          <h3>Preview of {loaded.fileName}</h3>
          <div className="table-scroll">
            <table className="csv-preview">
              <caption className="hint">
                The first {Math.min(plan.preview.length, 10)} of {countOf(plan.totalRows, 'row')},
                as they will be sent.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Phone</th>
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
              <h3>Rows that will be skipped</h3>
              <p className="hint">Row 1 is the first line below the header.</p>
              <ul className="problem-rows">
                {problems.slice(0, MAX_LISTED_PROBLEMS).map((p) => (
                  <li key={p.row}>
                    Row {formatNumber(p.row)} ({p.label}): {p.message}
                  </li>
                ))}
              </ul>
              {problems.length > MAX_LISTED_PROBLEMS ? (
                <p className="hint">
                  and {formatNumber(problems.length - MAX_LISTED_PROBLEMS)} more
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
              {`Import ${countOf(ready, 'student')}`}
            </button>
          </div>
        </>
      ) : null}

      {job.running ? <JobProgress job={job} unit="rows" label="Import progress" /> : null}
      <OperationError error={error} scopes={['students:write']} />
      {outcome && plan ? (
        <>
          <JobResults
            heading="Import finished"
            status={outcome.status}
            rows={resultRows(plan, outcome)}
          />
          <div className="actions">
            <button type="button" className="primary" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : null}
    </OperationDialog>
  );
}

/** Main's results mapped back to file rows, with the rows the dry run skipped. */
function resultRows(plan: ImportPlan, outcome: JobOutcome): ResultRow[] {
  const skipped = [...plan.invalid, ...plan.duplicates].map((p): ResultRow => ({
    row: p.row,
    outcome: 'skipped',
    label: p.label,
    message: p.message,
  }));
  const sent = outcome.results.map((r): ResultRow => ({
    row: plan.rowNumbers[r.index] ?? r.index + 1,
    outcome: r.outcome,
    label: r.label,
    ...(r.message ? { message: r.message } : {}),
  }));
  return [...sent, ...skipped];
}
