import { genericDataTypes, type CellValue, type ChartColumn } from '@/features/chart/chartColumns';
import { numberFormatter } from '../numberFormat';
import { grainTimeFormatter, smartDateFormat, timeFormatter, type TimeFormatter } from '../timeFormat';
import { formatCellValue } from './formatCellValue';

/** One column's entry of `column_config`: its own number and date formats. */
export interface TableColumnFormat {
  d3NumberFormat?: string;
  d3TimeFormat?: string;
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
  if (column.genericType === genericDataTypes.numeric && numberFormat !== undefined) {
    const formatNumber = numberFormatter(numberFormat);
    return (value) => (typeof value === 'number' || typeof value === 'bigint' ? formatNumber(Number(value)) : plain(value));
  }
  return plain;
}

/** `column_config` as saved: `{"SUM(num)": {"d3NumberFormat": ",.2f"}, "ds": {"d3TimeFormat": "%Y"}}`. */
export function readColumnFormats(value: unknown): Map<string, TableColumnFormat> {
  const formats = new Map<string, TableColumnFormat>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return formats;
  for (const [name, config] of Object.entries(value as Record<string, unknown>)) {
    if (typeof config !== 'object' || config === null) continue;
    const { d3NumberFormat, d3TimeFormat } = config as Record<string, unknown>;
    formats.set(name, {
      ...(typeof d3NumberFormat === 'string' ? { d3NumberFormat } : {}),
      ...(typeof d3TimeFormat === 'string' ? { d3TimeFormat } : {}),
    });
  }
  return formats;
}
