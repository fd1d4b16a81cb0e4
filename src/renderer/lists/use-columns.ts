import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityName, RecordOf } from '../../shared/entities';
import type { Column } from './columns';
import {
  cellStyleOf,
  fontOf,
  planColumns,
  textWidth,
  useInnerWidth,
  useWidestTexts,
  type ColumnFit,
} from './column-layout';
import { CHECK_CELL_REM } from './row-layout';

/** A cell's padding on both sides (0.6rem each, workspace.css) and a pixel for rounding. */
const PADDING_REM = 1.2 + 0.1;
/** The sort mark beside a sortable header (▲, 0.7em wide, and its gap). */
const SORT_MARK_REM = 0.9;
/** The "not sent yet" mark before a row's first cell (14 px and its margin). */
const PENDING_MARK_REM = 1.25;
/** Free text (a name, an e-mail) never asks for less than this… */
const FREE_TEXT_MIN_REM = 6;
/** …nor more: a name longer than this is cut short (the record panel shows it whole). */
const FREE_TEXT_MAX_REM = 30;
/** When room is short, free text gives way down to this (or its header, if wider). */
const FREE_TEXT_FLOOR_REM = 10;

type Fonts = { cell: string; head: string; rem: number };

/**
 * The columns a list shows in the room it has, and their widths: each as wide as its widest
 * text (header, set words, rows drawn so far), optional columns dropped while they do not
 * fit, what is left shared among the free-text columns (names, e-mails), which are also the
 * ones to give way when room is still short. `rows` are the rows drawn now; `body` is the
 * list's scrolling body, whose width and font decide.
 */
export function useColumns<E extends EntityName>(
  all: readonly Column<E>[],
  rows: readonly (RecordOf<E> | undefined)[],
  body: HTMLElement | null,
  selectable: boolean,
): { columns: readonly Column<E>[]; cellStyles: readonly CSSProperties[]; rowWidth: number } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const width = useInnerWidth(body);
  const fonts = useMemo<Fonts | undefined>(() => {
    if (!body) return undefined;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    return { cell: fontOf(body), head: fontOf(body, '600'), rem };
    // The language changes the font stack's first pick for CJK text.
  }, [body, language]); // eslint-disable-line react-hooks/exhaustive-deps

  const measure = useMemo(
    () => (fonts ? (text: string) => textWidth(text, fonts.cell) : undefined),
    [fonts],
  );
  const widest = useWidestTexts(
    rows.filter((row): row is RecordOf<E> => row !== undefined),
    (row) => all.map((column) => column.text(row)),
    measure,
    `${language}:${fonts?.cell ?? ''}`,
  );

  // What the headers and the set words need: once per language and font.
  const fixedNeeds = useMemo(() => {
    if (!fonts || !measure) return all.map(() => 0);
    return all.map((column) => {
      const header =
        textWidth(column.label(), fonts.head) + (column.sortKey ? SORT_MARK_REM * fonts.rem : 0);
      const samples = (column.samples?.() ?? []).map(measure);
      return Math.max(header, ...samples);
    });
    // The labels and samples are read in the language shown now.
  }, [all, fonts, measure, language]); // eslint-disable-line react-hooks/exhaustive-deps

  const fits: ColumnFit[] = all.map((column, i) => {
    const rem = fonts?.rem ?? 16;
    const free = column.grow > 0;
    const header = fixedNeeds[i] ?? 0;
    let content = widest[i] ?? 0;
    if (i === 0) content += PENDING_MARK_REM * rem;
    if (free)
      content = Math.min(Math.max(content, FREE_TEXT_MIN_REM * rem), FREE_TEXT_MAX_REM * rem);
    return {
      need: Math.max(header, content) + PADDING_REM * rem,
      grow: column.grow,
      floor: free ? Math.max(header, FREE_TEXT_FLOOR_REM * rem) + PADDING_REM * rem : undefined,
      dropOrder: column.dropOrder,
    };
  });
  const checkWidth = selectable ? CHECK_CELL_REM * (fonts?.rem ?? 16) : 0;
  // Before the body is measured, every column shows (the first paint is measured at once).
  const plan = planColumns(fits, width > 0 ? width - checkWidth : Number.POSITIVE_INFINITY);

  // Rows are memoised: the columns and styles keep their identity until the layout changes.
  const signature = fits
    .map((fit, i) => (plan.shown[i] ? JSON.stringify(cellStyleOf(fit)) : '-'))
    .join('|');
  const columns = useMemo(
    () => all.filter((_, i) => plan.shown[i]),
    [all, signature], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const cellStyles = useMemo(
    () => fits.filter((_, i) => plan.shown[i]).map(cellStyleOf),
    [signature], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return { columns, cellStyles, rowWidth: plan.total + checkWidth };
}
