import { useId } from 'react';
import { Modal } from './modal';
import { SHORTCUTS } from './shortcuts';

/** The keyboard shortcuts help sheet: every shortcut of the app in one table. */
export function ShortcutsSheet({ onClose }: { onClose: () => void }) {
  const headingId = useId();
  return (
    <Modal labelledBy={headingId} onDismiss={onClose} className="shortcuts-sheet">
      <h2 id={headingId}>Keyboard shortcuts</h2>
      <table className="shortcuts-table">
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">What they do</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
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
          Close
        </button>
      </div>
    </Modal>
  );
}
