/**
 * How this computer's own files can fail a save or a read: the disk is full, the data folder
 * may not be written, or the disk failed. Core raises these codes; the renderer writes the
 * sentence (`errors:<code>`), which says what the owner can do.
 */
export const FILE_ERROR_CODES = ['disk_full', 'files_not_writable', 'file_error'] as const;

/** One of the named file failures. */
export type FileErrorCode = (typeof FILE_ERROR_CODES)[number];

/** Whether `code` names one of this computer's file failures. */
export const isFileErrorCode = (code: string): code is FileErrorCode =>
  (FILE_ERROR_CODES as readonly string[]).includes(code);
