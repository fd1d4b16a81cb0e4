import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../components/modal';
import { shortcutList } from './shortcuts';

/** The keyboard shortcuts help sheet: every shortcut of the app in one table. */
export function ShortcutsSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const headingId = useId();
  return (
    <Modal labelledBy={headingId} onDismiss={onClose} className="shortcuts-sheet">
      <h2 id={headingId}>{t('shortcuts.heading')}</h2>
      <table className="shortcuts-table">
        <thead>
          <tr>
            <th scope="col">{t('shortcuts.keys')}</th>
            <th scope="col">{t('shortcuts.does')}</th>
          </tr>
        </thead>
        <tbody>
          {shortcutList().map((shortcut) => (
            <tr key={shortcut.keys}>
              <td>
                <kbd>{shortcut.keys}</kbd>
              </td>
              <td>{shortcut.does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" className="secondary" autoFocus onClick={onClose}>
          {t('common:close')}
        </button>
      </div>
    </Modal>
  );
}
