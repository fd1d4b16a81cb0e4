/** What became of an exported file. */
export type SaveOutcome =
  | { outcome: 'saved'; fileName: string }
  | { outcome: 'cancelled' }
  /** The host cannot write files for the owner; the renderer hands the content to the browser. */
  | { outcome: 'download'; fileName: string; content: string };

/**
 * How a host hands an exported file to the owner. Electron shows a save dialog and writes the
 * file; the web host (a browser page) answers `download` so the browser saves it.
 */
export type FileSaver = (suggestedName: string, content: string) => Promise<SaveOutcome>;

/** The web host's saver: the browser page saves the content as a download. */
export const downloadInBrowser: FileSaver = (fileName, content) =>
  Promise.resolve({ outcome: 'download', fileName, content });
