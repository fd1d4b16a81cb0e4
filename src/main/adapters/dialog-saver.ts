import { basename, join } from 'node:path';
import { hostText, type FileSaver, type HostText } from '../../core/host';

/** The part of Electron's save dialog the saver uses (a test passes its own answer). */
export type ShowSaveDialog = (options: {
  title: string;
  defaultPath: string;
  buttonLabel: string;
  filters: { name: string; extensions: string[] }[];
  properties: 'showOverwriteConfirmation'[];
}) => Promise<{ canceled: boolean; filePath?: string }>;

/**
 * A FileSaver that asks where to save with the system's save dialog (suggesting the name in
 * the Downloads folder) and writes the file there.
 * SECURITY: the path comes only from the dialog the owner answered; the renderer suggests a
 * name, and only its last segment is used, so it cannot point the file anywhere else.
 * The dialog's words are in the owner's language, read at each export (`text`; English
 * unless given).
 */
export function dialogSaver(deps: {
  show: ShowSaveDialog;
  writeFile: (path: string, content: string) => Promise<void>;
  downloadsDir: string;
  text?: () => HostText;
}): FileSaver {
  return async (suggestedName, content) => {
    const { t } = deps.text?.() ?? hostText('en');
    const answer = await deps.show({
      title: t('dialog.exportTitle'),
      defaultPath: join(deps.downloadsDir, basename(suggestedName)),
      buttonLabel: t('dialog.exportSave'),
      filters: [{ name: t('dialog.csvFiles'), extensions: ['csv'] }],
      properties: ['showOverwriteConfirmation'],
    });
    if (answer.canceled || !answer.filePath) return { outcome: 'cancelled' };
    await deps.writeFile(answer.filePath, content);
    return { outcome: 'saved', fileName: basename(answer.filePath) };
  };
}
