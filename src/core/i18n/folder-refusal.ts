import { DataFolderError } from '../store/data-folder';
import { FolderInUseError } from '../store/folder-lock';
import type { HostText } from './host-text';

/**
 * Why a host will not start on its data folder, in the owner's words: the sentence of a
 * refusal from lockDataFolder, for a dialog (Electron) or the terminal (the web host), whose
 * advice differs (the web host's owner can pick another `--data` folder). Undefined for any
 * other error, which the host words as "could not start".
 */
export function folderRefusal(
  text: HostText,
  error: unknown,
  where: 'dialog' | 'terminal',
): string | undefined {
  const { t } = text;
  if (error instanceof FolderInUseError)
    // The process id as a string: ICU would group its digits ("12,345").
    return error.pid === undefined
      ? t(`${where}.folderInUseUnknown`)
      : t(`${where}.folderInUse`, { pid: String(error.pid) });
  if (error instanceof DataFolderError)
    return error.code === 'not_a_folder'
      ? t(`${where}.notAFolder`, { path: error.path })
      : t(`${where}.folderNotYours`, { path: error.path });
  return undefined;
}
