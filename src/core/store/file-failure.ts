import type { FileErrorCode } from '../../shared/file-errors';

/**
 * The system's and SQLite's codes for a file that could not be written or read, by what the
 * owner can do about them. SQLite's extended codes (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED)
 * are found by their primary code.
 */
const BY_CODE: Record<string, FileErrorCode> = {
  ENOSPC: 'disk_full',
  EDQUOT: 'disk_full',
  SQLITE_FULL: 'disk_full',
  EACCES: 'files_not_writable',
  EPERM: 'files_not_writable',
  EROFS: 'files_not_writable',
  SQLITE_READONLY: 'files_not_writable',
  SQLITE_CANTOPEN: 'files_not_writable',
  EIO: 'file_error',
  SQLITE_IOERR: 'file_error',
};

/**
 * The file failure `error` (or an error it was caused by) is, or undefined for anything else.
 */
export function fileFailureCode(error: unknown): FileErrorCode | undefined {
  for (let at = error, depth = 0; at && depth < 5; depth += 1) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string') {
      const known = BY_CODE[code] ?? BY_CODE[code.replace(/^(SQLITE_[A-Z]+)_.*$/, '$1')];
      if (known) return known;
    }
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
}
