import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchoolOffline } from '../data/sync-queries';

type Props = {
  /** For the disabled controls' `aria-describedby`, so the reason is read with each of them. */
  id: string;
  /** The sentence, when it can say better than the general one what waits. */
  children?: ReactNode;
};

/**
 * Says why the long operations and enrollment changes are disabled while the school cannot
 * be reached, beside them, the way a locked control says which scope it needs. Single-record
 * saves are not among them: they wait in the outbox. Not a live region: the shell's status
 * line already announces going offline, once.
 */
export function OfflineNotice({ id, children }: Props) {
  const { t } = useTranslation('shell');
  return (
    <p id={id} className="notice warning offline-notice">
      {children ?? t('offline.needsSchool')}
    </p>
  );
}

/**
 * For a control that needs the school: whether it must be disabled now, and the id of
 * the {@link OfflineNotice} to render and point `aria-describedby` at (undefined when online).
 */
export function useOfflineNote(schoolId: string): { offline: boolean; noteId: string | undefined } {
  const offline = useSchoolOffline(schoolId);
  const id = useId();
  return { offline, noteId: offline ? `${id}-offline` : undefined };
}
