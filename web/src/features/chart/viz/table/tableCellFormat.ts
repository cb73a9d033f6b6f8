import { genericDataTypes, type CellValue, type ChartColumn } from '@/features/chart/chartColumns';
import { numberFormatter } from '../numberFormat';
import { grainTimeFormatter, smartDateFormat, timeFormatter, type TimeFormatter } from '../timeFormat';
import { formatCellValue } from './formatCellValue';

/** Superset's `horizontalAlign` of a column. */
export type ColumnHorizontalAlign = 'left' | 'center' | 'right';

/**
 * One column's entry of `column_config` (Superset's "Customize columns"): its own number and date
 * formats, a format for numbers between -1 and 1, a width in pixels, an alignment, and cell bar
 * options overriding the chart's (`show_cell_bars`, `align_pn`, `color_pn`).
 */
export interface TableColumnFormat {
  d3NumberFormat?: string;
  d3SmallNumberFormat?: string;
  d3TimeFormat?: string;
  columnWidth?: number;
  horizontalAlign?: ColumnHorizontalAlign;
  showCellBars?: boolean;
  alignPositiveNegative?: boolean;
  colorPositiveNegative?: boolean;
}

/** What decides how the table shows its cells. */
export interface TableCellFormats {
  /** `table_timestamp_format`: `smart_date` (adaptive) or a d3 time format. */
  timestampFormat: string;
  /** `time_grain_sqla` of an aggregated table: adaptive timestamps show in the grain's format. */
  timeGrain: string | null;
  /** `column_config`, by column name. */
  columnFormats: ReadonlyMap<string, TableColumnFormat>;
}

export type CellFormatter = (value: CellValue) => string;

function nonEmpty(format: string | undefined): string | undefined {
  return format === undefined || format.trim() === '' ? undefined : format;
}

/**
 * Superset's table formats: a temporal column shows in its `d3TimeFormat`, else in
 * `table_timestamp_format`; the adaptive format follows the time grain when there is one and
 * otherwise shows the timestamp as it is (YYYY-MM-DD[ HH:MM:SS]). A numeric column with a
 * `d3NumberFormat` shows in it. Null, booleans and text show as `formatCellValue` shows them.
 */
export function tableCellFormatter(column: ChartColumn, formats: TableCellFormats): CellFormatter {
  const plain: CellFormatter = (value) => formatCellValue(value, column.genericType);
  const config = formats.columnFormats.get(column.name);
  if (column.genericType === genericDataTypes.temporal) {
    const timeFormat = nonEmpty(config?.d3TimeFormat) ?? nonEmpty(formats.timestampFormat) ?? smartDateFormat;
    const isAdaptive = timeFormat === smartDateFormat;
    if (isAdaptive && formats.timeGrain === null) return plain;
    const formatTime: TimeFormatter = isAdaptive ? grainTimeFormatter(timeFormat, formats.timeGrain) : timeFormatter(timeFormat);
    return (value) => (typeof value === 'number' ? formatTime(value) : plain(value));
  }
  const numberFormat = nonEmpty(config?.d3NumberFormat);
  const smallNumberFormat = nonEmpty(config?.d3SmallNumberFormat);
  if (column.genericType === genericDataTypes.numeric && (numberFormat !== undefined || smallNumberFormat !== undefined)) {
    const formatNumber = numberFormat === undefined ? (number: number) => plain(number) : numberFormatter(numberFormat);
    // Superset's `d3SmallNumberFormat`: numbers strictly between -1 and 1.
    const formatSmallNumber = smallNumberFormat === undefined ? formatNumber : numberFormatter(smallNumberFormat);
    return (value) => {
      if (typeof value !== 'number' && typeof value !== 'bigint') return plain(value);
      const number = Number(value);
      return Math.abs(number) < 1 ? formatSmallNumber(number) : formatNumber(number);
    };
  }
  return plain;
}

const stringKeys = ['d3NumberFormat', 'd3SmallNumberFormat', 'd3TimeFormat'] as const;
const booleanKeys = ['showCellBars', 'alignPositiveNegative', 'colorPositiveNegative'] as const;
const horizontalAligns: readonly string[] = ['left', 'center', 'right'];

/** One column's saved settings, the ones of the right type only. */
export function readColumnFormat(config: Record<string, unknown>): TableColumnFormat {
  const format: TableColumnFormat = {};
  for (const key of stringKeys) {
    const value = config[key];
    if (typeof value === 'string') format[key] = value;
  }
  for (const key of booleanKeys) {
    const value = config[key];
    if (typeof value === 'boolean') format[key] = value;
  }
  const { columnWidth, horizontalAlign } = config;
  if (typeof columnWidth === 'number' && Number.isFinite(columnWidth) && columnWidth > 0) format.columnWidth = columnWidth;
  if (typeof horizontalAlign === 'string' && horizontalAligns.includes(horizontalAlign)) format.horizontalAlign = horizontalAlign as ColumnHorizontalAlign;
  return format;
}

/** `column_config` as saved: `{"SUM(num)": {"d3NumberFormat": ",.2f", "columnWidth": 120}, "ds": {"d3TimeFormat": "%Y"}}`. */
export function readColumnFormats(value: unknown): Map<string, TableColumnFormat> {
  const formats = new Map<string, TableColumnFormat>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return formats;
  for (const [name, config] of Object.entries(value as Record<string, unknown>)) {
    if (typeof config !== 'object' || config === null || Array.isArray(config)) continue;
    formats.set(name, readColumnFormat(config as Record<string, unknown>));
  }
  return formats;
}
