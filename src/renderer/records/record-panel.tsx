import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityName } from '../../shared/entity-names';
import { toUiError } from '../data/bridge';
import { PendingMark } from '../components/pending-mark';
import { recordQuery } from '../data/entity-queries';
import { errorSentence } from '../words/offline-errors';
import { useIsPending } from '../data/outbox-queries';
import { useUiStore } from '../ui-store';
import { guarded } from './unsaved-edits';
import { Enrollments } from './enrollments';
import { recordLabel } from '../../shared/record-label';
import type { AnyRecord } from './field-specs';
import { kindWord } from '../words/record-words';
import { NewRecordForm } from './new-record-form';
import { PanelResizer } from './panel-resizer';
import { RecordForm } from './record-form';

type Props = { schoolId: string; entity: EntityName; recordId: string };

/**
 * The record open beside a list: its detail and edit form (or a create form for `new`), and
 * for a student their enrollments. Close with the Close button or Escape; Ctrl/Cmd+S saves.
 */
export function RecordPanel({ schoolId, entity, recordId }: Props) {
  const id = useId();
  const { t } = useTranslation(['records', 'common']);
  const panelRef = useRef<HTMLElement>(null);
  // The element as state too: the resizer finds the area around it.
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  const refPanel = useCallback((element: HTMLElement | null) => {
    panelRef.current = element;
    setPanel(element);
  }, []);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const closeRecord = guarded(useUiStore((s) => s.closeRecord));
  const isNew = recordId === 'new';
  const query = useQuery({ ...recordQuery(schoolId, entity, recordId), enabled: !isNew });
  const record = query.data?.record as AnyRecord | undefined;
  const pending = useIsPending(schoolId, entity, recordId) && !isNew;

  // Land on the panel's heading when a record opens, and give focus back when it closes
  // (to the row that opened it) if focus was still inside the panel.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    headingRef.current?.focus();
    const panel = panelRef.current;
    return () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || panel?.contains(active);
      if (lost && opener?.isConnected) opener.focus();
    };
  }, [entity, recordId]);

  // Ctrl/Cmd+S saves from anywhere while a record is open, instead of saving the web page.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      const form = panelRef.current?.querySelector<HTMLFormElement>('form.record-form');
      const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (form && submit && !submit.disabled) form.requestSubmit();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // A dialog inside the panel handles its own Escape.
    if ((event.target as Element).closest('dialog')) return;
    event.preventDefault();
    closeRecord();
  };

  const title = isNew
    ? t(`form.newTitle.${entity}`)
    : record
      ? (recordLabel(entity, record) ?? '')
      : kindWord(entity);

  return (
    <section
      ref={refPanel}
      className="record-panel"
      aria-labelledby={`${id}-kind ${id}-heading`}
      onKeyDown={onKeyDown}
    >
      <PanelResizer panel={panel} />
      <div className="record-panel-body">
        <header className="record-panel-header">
          <div>
            <p id={`${id}-kind`} className="record-kind">
              {kindWord(entity)}
            </p>
            <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
              {title}
            </h2>
            {pending ? <PendingMark withText /> : null}
          </div>
          <button type="button" className="secondary" onClick={closeRecord}>
            {t('common:close')}
          </button>
        </header>
        {isNew ? (
          <NewRecordForm key={entity} schoolId={schoolId} entity={entity} />
        ) : query.isPending ? (
          <p role="status" className="hint">
            {t(`panel.loading.${entity}`)}
          </p>
        ) : query.isError ? (
          <div>
            <p role="alert" className="notice error">
              {errorSentence(query.error, entity)}
            </p>
            {toUiError(query.error).code === 'not_found' ? null : (
              <button type="button" className="secondary" onClick={() => void query.refetch()}>
                {t('common:retry')}
              </button>
            )}
          </div>
        ) : (
          <>
            <RecordForm
              key={recordId}
              schoolId={schoolId}
              entity={entity}
              versioned={{ record: record as AnyRecord, etag: query.data.etag }}
            />
            {entity === 'students' ? (
              <Enrollments schoolId={schoolId} studentId={recordId} />
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
