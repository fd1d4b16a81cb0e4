import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/confirm-dialog';
import { discardAndLeave, keepEditing, useUnsavedStore } from './unsaved-edits';

/**
 * The question before unsaved edits would go: "Keep editing" (focused first, so Enter or
 * Escape keeps them) or "Discard changes". Mounted once; shows while a step waits.
 */
export function UnsavedChangesDialog() {
  const { t } = useTranslation();
  const waiting = useUnsavedStore((s) => s.pending !== undefined);
  if (!waiting) return null;
  return (
    <ConfirmDialog
      title={t('unsaved.title')}
      confirmLabel={t('unsaved.discard')}
      cancelLabel={t('unsaved.keepEditing')}
      onConfirm={discardAndLeave}
      onCancel={keepEditing}
    >
      <p>{t('unsaved.body')}</p>
    </ConfirmDialog>
  );
}
