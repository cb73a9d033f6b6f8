import type { ChartFormData } from '../chartRendererProps';
import { readFormBoolean, readFormNumber, readFormString } from '../formDataValues';
import { smartDateFormat } from '../timeFormat';
import { readConditionalFormatting, type ConditionalFormattingRule } from './conditionalFormatting';
import { readColumnFormats, type TableCellFormats } from './tableCellFormat';

/** The table's display options, read from its "Options" controls. */
export interface TableDisplayOptions {
  /** `page_length`: rows per page; 0 shows every row in one scrolled (virtualized) list. */
  pageLength: number;
  /** `include_search`: a client-side search box over every cell. */
  includeSearch: boolean;
  /** `show_cell_bars`: bars behind metric cells. */
  showCellBars: boolean;
  /** `align_pn`: bars of positive and negative values both start at 0 on the left. */
  alignPositiveNegative: boolean;
  /** `color_pn`: negative values' bars are red. */
  colorPositiveNegative: boolean;
  /** `conditional_formatting`: the complete rules only. */
  conditionalFormatting: readonly ConditionalFormattingRule[];
  /** `table_timestamp_format`, the time grain and `column_config`'s formats. */
  cellFormats: TableCellFormats;
  /** `allow_rearrange_columns`: headers can be dragged onto one another to reorder the columns. */
  allowRearrangeColumns: boolean;
}

/** The catalogue's defaults (Superset's table chart). */
export const defaultTableDisplayOptions: TableDisplayOptions = {
  pageLength: 0,
  includeSearch: false,
  showCellBars: true,
  alignPositiveNegative: false,
  colorPositiveNegative: true,
  conditionalFormatting: [],
  cellFormats: { timestampFormat: smartDateFormat, timeGrain: null, columnFormats: new Map() },
  allowRearrangeColumns: false,
};

/**
 * The page sizes the chart's "Show ... entries per page" select offers, 0 meaning all: the
 * catalogue's `page_length` choices (Superset's `PAGE_SIZE_OPTIONS`).
 */
export const pageSizeChoices: readonly number[] = [0, 10, 20, 50, 100, 200];

export function readTableDisplayOptions(formData: ChartFormData): TableDisplayOptions {
  const timeGrain = formData.time_grain_sqla;
  const pageLength = Math.floor(readFormNumber(formData, 'page_length', defaultTableDisplayOptions.pageLength));
  return {
    pageLength: pageLength > 0 ? pageLength : 0,
    includeSearch: readFormBoolean(formData, 'include_search', defaultTableDisplayOptions.includeSearch),
    showCellBars: readFormBoolean(formData, 'show_cell_bars', defaultTableDisplayOptions.showCellBars),
    alignPositiveNegative: readFormBoolean(formData, 'align_pn', defaultTableDisplayOptions.alignPositiveNegative),
    colorPositiveNegative: readFormBoolean(formData, 'color_pn', defaultTableDisplayOptions.colorPositiveNegative),
    conditionalFormatting: readConditionalFormatting(formData.conditional_formatting),
    cellFormats: {
      timestampFormat: readFormString(formData, 'table_timestamp_format', smartDateFormat),
      // Raw records are not truncated to a grain.
      timeGrain: formData.query_mode !== 'raw' && typeof timeGrain === 'string' && timeGrain !== '' ? timeGrain : null,
      columnFormats: readColumnFormats(formData.column_config),
    },
    allowRearrangeColumns: readFormBoolean(formData, 'allow_rearrange_columns', defaultTableDisplayOptions.allowRearrangeColumns),
  };
}

/**
 * Superset's page size options for a result: the choices up to twice the row count (All always),
 * with the chosen size slotted in order when it is not a choice (a free-form `page_length`).
 */
export function pageSizeOptions(rowCount: number, currentPageSize: number): number[] {
  const options = pageSizeChoices.filter((size) => size <= 2 * rowCount);
  if (options.includes(currentPageSize)) return options;
  return [...options, currentPageSize].sort((left, right) => left - right);
}
