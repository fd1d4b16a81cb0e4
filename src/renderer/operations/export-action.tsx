import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityName } from '../../shared/entity-names';
import { searchText } from '../../shared/list-rules';
import type { RequestOf } from '../../shared/contract';
import { bridge, toUiError, unwrap, type UiError } from '../data/bridge';
import type { ListParams } from '../data/entity-queries';
import { JobProgress } from './job-progress';
import { OperationError } from './operation-error';
import { useJob } from './use-job';

type Exportable = Extract<EntityName, 'students' | 'coupons' | 'courses'>;
type ExportList = RequestOf<'export:csv'>['list'];

type Props = {
  schoolId: string;
  entity: Exportable;
  params: ListParams<EntityName>;
  /**
   * The id of the sentence saying why export is disabled while the school cannot be reached
   * (it reads the school, not the copy on this computer).
   */
  offlineNote?: string | undefined;
};

/** The list as the export channel takes it: students have no filters, and no blank search. */
export function exportListOf(entity: Exportable, params: ListParams<EntityName>): ExportList {
  const q = searchText(params.q);
  const base = { ...(q ? { q } : {}), ...(params.sort ? { sort: params.sort } : {}) };
  if (entity === 'students') return { entity, ...base } as ExportList;
  const filters = 'filters' in params ? params.filters : undefined;
  return { entity, ...base, ...(filters ? { filters } : {}) } as ExportList;
}

/**
 * Hands a file to the browser as a download (the web host has no save dialog of its own).
 * The object URL is released a while later: revoking it at once can race the browser's own
 * fetch of the blob on a slow machine.
 */
export function downloadFile(fileName: string, content: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([content], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "Export CSV": writes the list as it is now filtered, searched and sorted. Main produces the
 * file locally (never by e-mail) and, in Electron, asks where to save it; in the web host it
 * answers the content and the browser downloads it. Large lists show progress and can stop.
 * The file is named in the owner's language (學員-2026-11-24.csv); its column headers stay
 * the platform's field names, so the file imports back whatever the language.
 */
export function ExportAction({ schoolId, entity, params, offlineNote }: Props) {
  const { t } = useTranslation('operations');
  const job = useJob();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<UiError | null>(null);

  const run = async () => {
    setMessage('');
    setError(null);
    try {
      const answer = await job.start(async (jobId) =>
        unwrap(
          await bridge().files.exportCsv({
            schoolId,
            jobId,
            list: exportListOf(entity, params),
            fileLabel: t(`export.fileLabel.${entity}`),
          }),
        ),
      );
      if (answer.outcome === 'cancelled') {
        setMessage(t('export.cancelled'));
        return;
      }
      if (answer.outcome === 'download') downloadFile(answer.fileName, answer.content);
      setMessage(t(`export.done.${entity}`, { count: answer.rowCount, fileName: answer.fileName }));
    } catch (e) {
      setError(toUiError(e));
    }
  };

  return (
    <div className="export-action">
      <button
        type="button"
        className="secondary"
        disabled={job.running || offlineNote !== undefined}
        aria-describedby={offlineNote}
        onClick={() => void run()}
      >
        {t('export.button')}
      </button>
      {job.running ? <JobProgress job={job} unit={entity} label={t('export.progress')} /> : null}
      <p role="status" className="hint export-status">
        {message}
      </p>
      <OperationError error={error} scopes={[`${entity}:read`]} />
    </div>
  );
}
