import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { EntityName } from '../../shared/entity-names';
import { toUiError } from '../bridge';
import { PendingMark } from '../components/pending-mark';
import { recordQuery } from '../entity-queries';
import { errorSentence } from '../offline-errors';
import { useIsPending } from '../outbox-queries';
import { areaInfo } from '../workspace/areas';
import { useUiStore } from '../ui-store';
import { Enrollments } from './enrollments';
import { SINGULAR, capitalized, recordTitle, type AnyRecord } from './field-specs';
import { NewRecordForm } from './new-record-form';
import { RecordForm } from './record-form';

type Props = { schoolId: string; entity: EntityName; recordId: string };

/**
 * The record open beside a list: its detail and edit form (or a create form for `new`), and
 * for a student their enrollments. Close with the Close button or Escape; Ctrl/Cmd+S saves.
 */
export function RecordPanel({ schoolId, entity, recordId }: Props) {
  const id = useId();
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const closeRecord = useUiStore((s) => s.closeRecord);
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
    ? `New ${SINGULAR[entity]}`
    : record
      ? recordTitle(entity, record)
      : capitalized(entity);

  return (
    <section
      ref={panelRef}
      className="record-panel"
      aria-labelledby={`${id}-kind ${id}-heading`}
      onKeyDown={onKeyDown}
    >
      <header className="record-panel-header">
        <div>
          <p id={`${id}-kind`} className="record-kind">
            {capitalized(entity)}
          </p>
          <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
            {title}
          </h2>
          {pending ? <PendingMark withText /> : null}
        </div>
        <button type="button" className="secondary" onClick={closeRecord}>
          Close
        </button>
      </header>
      {isNew ? (
        <NewRecordForm key={entity} schoolId={schoolId} entity={entity} />
      ) : query.isPending ? (
        <p role="status" className="hint">
          Loading the {SINGULAR[entity]}…
        </p>
      ) : query.isError ? (
        <div>
          <p role="alert" className="notice error">
            {errorSentence(query.error, areaInfo(entity).plural)}
          </p>
          {toUiError(query.error).code === 'not_found' ? null : (
            <button type="button" className="secondary" onClick={() => void query.refetch()}>
              Try again
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
          {entity === 'students' ? <Enrollments schoolId={schoolId} studentId={recordId} /> : null}
        </>
      )}
    </section>
  );
}
