import i18next from 'i18next';
import Papa from 'papaparse';
import { unguardCell } from '../../shared/csv-guard';
import { importRowFields } from '../../shared/workspace-contract';
import { errorText, fieldErrorsText } from '../words/error-text';

/**
 * Reading a students CSV for import, as pure functions so they are tested without a screen:
 * decode, parse, map header aliases, check every row the way the platform will, and find
 * e-mails the file holds twice. Nothing here talks to the bridge; main checks every row again.
 * The report (row problems, the dry run, a file refused) is in the owner's language.
 */

/** A row as the import sends it. */
export type ImportRow = { name: string; email: string; phoneNumber: string | null };

/**
 * A row the import will skip, and why, in the owner's language. `row` counts data rows from 1
 * (the header is not one).
 */
export type RowProblem = { row: number; label: string; message: string };

/** What the dry run found in a file. */
export type ImportPlan = {
  /** Every data row as read, for the preview. */
  totalRows: number;
  preview: ImportRow[];
  /** Rows to send, valid and de-duplicated, in file order. */
  rows: ImportRow[];
  /** For each sent row, its row number in the file (same index as `rows`). */
  rowNumbers: number[];
  /** Rows that fail a field rule. */
  invalid: RowProblem[];
  /** Rows whose e-mail an earlier row of the file already has. */
  duplicates: RowProblem[];
};

/** A file that cannot be imported at all, in a plain sentence in the owner's language. */
export class CsvFileError extends Error {}

/** How many rows the preview table shows. */
export const PREVIEW_ROWS = 10;
/** The contract's ceiling for one import. */
export const MAX_IMPORT_ROWS = 50_000;

/** Column names a school's own spreadsheet may use, in English or Chinese. */
const HEADER_ALIASES: Record<string, keyof ImportRow> = {
  name: 'name',
  fullname: 'name',
  姓名: 'name',
  名稱: 'name',
  學員姓名: 'name',
  email: 'email',
  emailaddress: 'email',
  電子郵件: 'email',
  電子信箱: 'email',
  信箱: 'email',
  phone: 'phoneNumber',
  phonenumber: 'phoneNumber',
  電話: 'phoneNumber',
  手機: 'phoneNumber',
  電話號碼: 'phoneNumber',
};

/**
 * Maps a header to our field name, whatever its case, spacing or hyphens ("E-mail", "Full
 * name", "phone_number", "電子郵件"); other columns keep their name and are ignored. An
 * export's headers are the field names themselves, so an exported file imports back.
 */
export function canonicalHeader(header: string): string {
  const key = header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  return HEADER_ALIASES[key] ?? header;
}

/**
 * Reads a file as text. `File.text()` decodes UTF-8 and drops a byte-order mark; the BOM is
 * stripped again here in case a host hands it through.
 */
export async function readCsvFile(file: Blob): Promise<string> {
  const text = await file.text();
  return text.replace(/^\uFEFF/, '');
}

/**
 * A cell's text, trimmed. A cell our own export guarded against formula injection (`'+886…`)
 * reads back without the guard, so an exported file imports back unchanged.
 */
const cell = (value: unknown): string =>
  typeof value === 'string' ? unguardCell(value.trim()) : '';

/** Parses CSV text and plans the import. Throws {@link CsvFileError} for an unusable file. */
export function planImport(text: string): ImportPlan {
  const parsed = Papa.parse<Record<string, unknown>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: canonicalHeader,
  });
  const fields = parsed.meta.fields ?? [];
  const hasName = fields.includes('name');
  const hasEmail = fields.includes('email');
  if (!hasName || !hasEmail)
    throw new CsvFileError(
      i18next.t(
        !hasName && !hasEmail
          ? 'operations:import.noNameOrEmail'
          : hasName
            ? 'operations:import.noEmail'
            : 'operations:import.noName',
      ),
    );
  if (parsed.data.length === 0) throw new CsvFileError(i18next.t('operations:import.noRows'));
  if (parsed.data.length > MAX_IMPORT_ROWS)
    throw new CsvFileError(
      i18next.t('operations:import.tooMany', {
        count: parsed.data.length,
        max: MAX_IMPORT_ROWS,
      }),
    );

  // A quote left open swallows the rest of the file into one cell: name the row it began on.
  const brokenRows = new Map<number, string>();
  for (const error of parsed.errors)
    if (error.type === 'Quotes' && error.row !== undefined)
      brokenRows.set(error.row, errorText({ code: 'field.quote_not_closed' }));

  const plan: ImportPlan = {
    totalRows: parsed.data.length,
    preview: [],
    rows: [],
    rowNumbers: [],
    invalid: [],
    duplicates: [],
  };
  const firstRowOfEmail = new Map<string, number>();
  parsed.data.forEach((raw, index) => {
    const row = index + 1;
    const phone = cell(raw.phoneNumber);
    const input: ImportRow = {
      name: cell(raw.name),
      email: cell(raw.email),
      phoneNumber: phone === '' ? null : phone,
    };
    if (index < PREVIEW_ROWS) plan.preview.push(input);
    const label = input.email || input.name || i18next.t('operations:import.emptyRow');
    const broken = brokenRows.get(index);
    if (broken) {
      plan.invalid.push({ row, label, message: broken });
      return;
    }
    const checked = importRowFields.safeParse(input);
    if (!checked.success) {
      const messages = checked.error.issues.map((issue) => issue.message);
      plan.invalid.push({ row, label, message: fieldErrorsText(messages) });
      return;
    }
    const key = checked.data.email;
    const first = firstRowOfEmail.get(key);
    if (first !== undefined) {
      const message = errorText({ code: 'duplicate_email', params: { row: first } });
      plan.duplicates.push({ row, label, message });
      return;
    }
    firstRowOfEmail.set(key, row);
    plan.rows.push(input);
    plan.rowNumbers.push(row);
  });
  return plan;
}

/** The dry run in one to three sentences, before anything is sent. */
export function dryRunSummary(plan: ImportPlan): string {
  return i18next.t('operations:import.summary', {
    ready: plan.rows.length,
    invalid: plan.invalid.length,
    duplicates: plan.duplicates.length,
  });
}
