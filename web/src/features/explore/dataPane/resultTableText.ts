import type { GenericDataType } from '@/api/generated/GenericDataType';
import { genericDataTypes, type CellValue, type ChartColumn } from '@/features/chart/chartColumns';
import { falseDisplay, nullDisplay, trueDisplay } from '@/features/chart/viz/table/formatCellValue';

/**
 * Epoch ms as UTC `YYYY-MM-DD HH:MM:SS`, with `.mmm` when the milliseconds are not 0:
 * 1262304000000 => "2010-01-01 00:00:00", 1262304000123 => "2010-01-01 00:00:00.123".
 */
export function formatResultTimestamp(epochMs: number): string {
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return String(epochMs);
  const withoutZone = date.toISOString().slice(0, -1).replace('T', ' ');
  return withoutZone.endsWith('.000') ? withoutZone.slice(0, -'.000'.length) : withoutZone;
}

/**
 * A cell as the data pane shows it: numbers in full (the shortest text that reads back as the same
 * number, so 0.1 + 0.2 shows 0.30000000000000004), temporal columns in UTC, "N/A" for null.
 */
export function resultCellText(value: CellValue, genericType: GenericDataType | null): string {
  if (value === null) return nullDisplay;
  if (typeof value === 'boolean') return value ? trueDisplay : falseDisplay;
  if (typeof value === 'string') return value;
  if (genericType === genericDataTypes.temporal && typeof value === 'number') return formatResultTimestamp(value);
  return String(value);
}

/** Spec 000 section 9: the data pane's placeholders for null, an empty string and booleans. */
export const nullPlaceholder = '<NULL>';
export const emptyStringPlaceholder = '<empty string>';
export const truePlaceholder = 'TRUE';
export const falsePlaceholder = 'FALSE';

/**
 * A cell as Explore's data pane (and the drill-to-detail table) shows it: `<NULL>`, `<empty
 * string>`, `TRUE` and `FALSE`, everything else as `resultCellText`.
 */
export function dataPaneCellText(value: CellValue, genericType: GenericDataType | null): string {
  if (value === null) return nullPlaceholder;
  if (value === '') return emptyStringPlaceholder;
  if (typeof value === 'boolean') return value ? truePlaceholder : falsePlaceholder;
  return resultCellText(value, genericType);
}

/** Whether the data pane shows a placeholder for the cell rather than its value (null, empty string). */
export function isPlaceholderCell(value: CellValue): boolean {
  return value === null || value === '';
}

/**
 * A cell in copied text: as shown (by `cellText`), but empty for null and the empty string, and
 * with tabs and line breaks as spaces.
 */
export function resultCellCopyText(
  value: CellValue,
  genericType: GenericDataType | null,
  cellText: (value: CellValue, genericType: GenericDataType | null) => string = resultCellText,
): string {
  if (value === null || value === '') return '';
  return cellText(value, genericType).replace(/[\t\r\n]+/g, ' ');
}

/** A text cell longer than this (or with a line break) opens in the 'Cell content' dialog. */
export const longCellTextLength = 100;

/**
 * What the 'Cell content' dialog shows for a cell, or null when the cell is short and flat:
 * a JSON object or array (Superset's structured values) pretty-printed, else a long or multi-line
 * text as it is.
 */
export function cellContentText(value: CellValue): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed === 'object' && parsed !== null) return JSON.stringify(parsed, null, 2);
    } catch {
      // Not JSON: a text like any other.
    }
  }
  return value.length > longCellTextLength || /[\r\n]/.test(value) ? value : null;
}

/** Every row index of a result, in order. */
export function allRowIndexes(rowCount: number): number[] {
  return Array.from({ length: rowCount }, (_unused, index) => index);
}

/** Separates the cells of a row's search text; no typed search text contains it. */
const searchCellSeparator = '\u0000';

/** Each row's shown cells in lower case, for the search box. Built once per result, when a search starts. */
export function buildRowSearchTexts(columns: readonly ChartColumn[], rowCount: number): string[] {
  const texts = new Array<string>(rowCount);
  for (let rowIndex = 0; rowIndex < rowCount; rowIndex += 1) {
    texts[rowIndex] = columns
      .map((column) => dataPaneCellText(column.values[rowIndex] ?? null, column.genericType).toLowerCase())
      .join(searchCellSeparator);
  }
  return texts;
}

/** Superset's results search: the rows with a shown cell containing the text, case-insensitive. */
export function filterRowIndexes(rowSearchTexts: readonly string[], searchText: string): number[] {
  const needle = searchText.trim().toLowerCase();
  const matches: number[] = [];
  rowSearchTexts.forEach((text, rowIndex) => {
    if (text.includes(needle)) matches.push(rowIndex);
  });
  return matches;
}

/** The data pane's rows as tab-separated text: a line of column names, then one line per row, in the given order. */
export function rowsAsTabSeparatedText(columns: readonly ChartColumn[], rowIndexes: readonly number[]): string {
  return cellsAsTabSeparatedText(
    columns.map((column) => column.name),
    rowIndexes,
    (rowIndex, columnIndex) => {
      const column = columns[columnIndex];
      return column === undefined ? '' : resultCellCopyText(column.values[rowIndex] ?? null, column.genericType, dataPaneCellText);
    },
  );
}

/**
 * Tab-separated text of cells read one by one: a line of column names, then one line per row in
 * the given order, each cell's copy text from `cellCopyText` (see `resultCellCopyText`).
 */
export function cellsAsTabSeparatedText(
  columnNames: readonly string[],
  rowIndexes: Iterable<number>,
  cellCopyText: (rowIndex: number, columnIndex: number) => string,
): string {
  const lines = [columnNames.map((name) => name.replace(/[\t\r\n]+/g, ' ')).join('\t')];
  for (const rowIndex of rowIndexes) {
    lines.push(columnNames.map((_name, columnIndex) => cellCopyText(rowIndex, columnIndex)).join('\t'));
  }
  return `${lines.join('\n')}\n`;
}
