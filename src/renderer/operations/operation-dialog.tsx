import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../components/modal';
import type { Job } from './use-job';

type Props = {
  title: string;
  /** Closes the dialog (the caller unmounts it); never called while the job runs. */
  onClose: () => void;
  job: Pick<Job, 'running' | 'cancelling' | 'cancel'>;
  /** What the operation is called in the "stop it?" question: "the import", "匯入". */
  operation: string;
  /** The owner filled in something not yet run: closing asks before it goes. */
  dirty?: boolean;
  children: ReactNode;
};

/**
 * The modal of a long operation, on the app's one dialog (components/modal.tsx: the page
 * behind is inert, focus stays inside and goes back to the button that opened it on close).
 * Focus moves to the first field on open. Escape closes it when nothing runs; while the job
 * runs Escape asks whether to cancel it instead, since closing would hide an operation that
 * keeps changing the school.
 */
export function OperationDialog({
  title,
  onClose,
  job,
  operation,
  dirty = false,
  children,
}: Props) {
  const { t } = useTranslation(['operations', 'common']);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const [askingState, setAsking] = useState(false);
  // Closing with unsaved input waits for the owner's answer (not while a job runs).
  const [discarding, setDiscarding] = useState(false);
  // The question only matters while the job runs; once it ends there is nothing to stop.
  const asking = askingState && job.running;
  const state = useRef({ running: job.running, onClose, dirty });
  useEffect(() => {
    state.current = { running: job.running, onClose, dirty };
  }, [job.running, onClose, dirty]);

  // After the dialog's own effect has opened it.
  useEffect(() => {
    const dialog = dialogRef.current;
    // The first field, rather than the Close button at the top, is where the work starts.
    const first = ['[data-autofocus]', 'input:not([disabled]), select, textarea', 'button']
      .map((selector) => dialog?.querySelector<HTMLElement>(selector))
      .find(Boolean);
    first?.focus();
  }, []);

  const escape = () => {
    if (state.current.running) setAsking(true);
    else if (state.current.dirty) setDiscarding(true);
    else state.current.onClose();
  };

  return (
    <Modal
      dialogRef={dialogRef}
      className="operation-dialog"
      labelledBy={headingId}
      busy={job.running}
      onKeyDown={(event) => {
        // Handling Escape here, before the browser turns it into `cancel`, keeps Chromium
        // from force-closing the dialog after a cancel it was refused more than once.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        escape();
      }}
      onDismiss={escape}
      onClosed={() => {
        if (!state.current.running) state.current.onClose();
      }}
    >
      <div className="operation-dialog-top">
        <h2 id={headingId}>{title}</h2>
        <button
          type="button"
          className="secondary"
          aria-label={t('dialog.closeNamed', { title })}
          disabled={job.running}
          onClick={escape}
        >
          {t('common:close')}
        </button>
      </div>
      {asking ? (
        <InlineQuestion
          label={t('dialog.stopQuestion', { operation })}
          body={t('dialog.stopExplain', { operation })}
          confirm={t('dialog.stop', { operation })}
          confirmDisabled={job.cancelling}
          onConfirm={() => {
            void job.cancel();
            setAsking(false);
          }}
          keep={t('dialog.keepGoing')}
          onKeep={() => setAsking(false)}
        />
      ) : discarding ? (
        <InlineQuestion
          label={t('common:unsaved.title')}
          body={t('common:unsaved.body')}
          confirm={t('common:unsaved.discard')}
          onConfirm={onClose}
          keep={t('common:unsaved.keepEditing')}
          onKeep={() => setDiscarding(false)}
        />
      ) : null}
      {children}
    </Modal>
  );
}

type Question = {
  label: string;
  body: string;
  confirm: string;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  keep: string;
  onKeep: () => void;
};

/**
 * A question inside the dialog (it is already modal): the risky answer first, in red. Focus
 * goes to the answer that keeps things as they are, so Enter or a stray key changes nothing.
 */
function InlineQuestion(q: Question) {
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <div role="alertdialog" aria-label={q.label} className="notice warning">
      <p>{q.body}</p>
      <div className="actions">
        <button type="button" className="danger" disabled={q.confirmDisabled} onClick={q.onConfirm}>
          {q.confirm}
        </button>
        <button ref={keepRef} type="button" className="secondary" onClick={q.onKeep}>
          {q.keep}
        </button>
      </div>
    </div>
  );
}
