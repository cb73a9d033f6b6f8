import type { MouseEvent } from 'react';
import { genericDataTypes, type ChartColumn } from '@/features/chart/chartColumns';
import type { XAxisKind } from './cartesian/cartesianSeries';
import type { ChartContextMenuTarget, ChartFormData, DrillValue } from './chartRendererProps';
import { filterValueText } from './crossFilterSelection';
import { columnLabel, readColumnLabels } from './formDataValues';

/** A value as JSON can send it: a 64-bit integer beyond the safe range as its digits. */
function jsonSafeValue(value: unknown): unknown {
  if (typeof value !== 'bigint') return value ?? null;
  const isSafe = value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER);
  return isSafe ? Number(value) : value.toString();
}

/** The drill value of `value` in `column`, labelled as the filter bar labels cross-filter values. */
export function drillValue(column: string, value: unknown): DrillValue {
  return { column, value: jsonSafeValue(value), label: filterValueText(value) };
}

/**
 * A result row's values of the given dimension columns (a table row, a pie slice): one drill value
 * each. Temporal columns are left out: their value is a time grain's start, which equality on the
 * raw column would not find.
 */
export function rowDrillValues(dimensions: readonly ChartColumn[], rowIndex: number): DrillValue[] {
  return dimensions
    .filter((column) => column.genericType !== genericDataTypes.temporal)
    .map((column) => drillValue(column.name, column.values[rowIndex]));
}

const secondMs = 1000;
const dayMs = 86_400_000;
const fixedUnitMs: Readonly<Record<string, number>> = { S: secondMs, M: 60 * secondMs, H: 3600 * secondMs, D: dayMs, W: 7 * dayMs };

/** `start` plus whole months, in UTC (a period's start is on a month's first day). */
function addUtcMonths(start: number, months: number): number {
  const date = new Date(start);
  return Date.UTC(
    date.getUTCFullYear(),
    date.getUTCMonth() + months,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

/**
 * The period (epoch ms, end excluded) of a time grain's value, as the server truncates: a point
 * labels its period's start (`P1M`: 1965-03-01 to 1965-04-01; `PT0.5H`: 30 minutes; `P0.25Y` and
 * `P3M`: a quarter), except the week-ending grains (`P1W/1970-01-03T00:00:00Z`), whose points
 * label the week's last day (the six days before it, and it). Null for a grain it does not know.
 */
export function timeGrainPeriod(pointMs: number, grain: string): { start: number; end: number } | null {
  if (grain.startsWith('P1W/')) return { start: pointMs - 6 * dayMs, end: pointMs + dayMs };
  if (grain.endsWith('/P1W')) return { start: pointMs, end: pointMs + 7 * dayMs };
  const fixed = /^PT?(\d+(?:\.\d+)?)([SMHDW])$/.exec(grain);
  const isTimeOfDay = grain.startsWith('PT');
  if (fixed !== null && (isTimeOfDay || ['D', 'W'].includes(fixed[2] ?? ''))) {
    // `PT1M` counts minutes; `P1M` (a month) is a calendar period, below.
    const unitMs = fixedUnitMs[fixed[2] ?? ''];
    return unitMs === undefined ? null : { start: pointMs, end: pointMs + Number(fixed[1]) * unitMs };
  }
  const calendar = /^P(\d+(?:\.\d+)?)([MY])$/.exec(grain);
  if (calendar === null) return null;
  const months = Number(calendar[1]) * (calendar[2] === 'Y' ? 12 : 1);
  return Number.isInteger(months) && months > 0 ? { start: pointMs, end: addUtcMonths(pointMs, months) } : null;
}

/** Epoch ms as the time range text's naive UTC `YYYY-MM-DDTHH:MM:SS`. */
function timeRangeEndpoint(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19);
}

/**
 * The drill value of a time axis point: its period under the chart's time grain, filtered as a
 * `TEMPORAL_RANGE` (`1965-01-01T00:00:00 : 1966-01-01T00:00:00` for 1965 by year). Without a
 * time grain the point is the exact time of the rows, as Superset's equality on it: the range of
 * that second (`1965-03-14T10:00:00 : 1965-03-14T10:00:01`). Null for a grain it does not know.
 */
export function temporalDrillValue(column: string, pointMs: number, grain: unknown, label: string): DrillValue | null {
  if (!Number.isFinite(pointMs)) return null;
  const hasGrain = typeof grain === 'string' && grain !== '';
  const period = hasGrain ? timeGrainPeriod(pointMs, grain) : { start: pointMs, end: pointMs + secondMs };
  if (period === null) return null;
  return { column, value: pointMs, label, timeRange: `${timeRangeEndpoint(period.start)} : ${timeRangeEndpoint(period.end)}` };
}

/** How the pivot names a null group in a series name (the core's `column_fill_value`). */
const seriesNullText = '<NULL>';

/**
 * The group-by values of a pivoted series, as Superset's drill to detail filters by the clicked
 * series: its name's last parts, one per `groupby` column (`SUM(num), boy` and `boy` both give
 * `gender = boy`; `<NULL>` is null). None without group-by columns, or for a series whose name has
 * too few parts (a time comparison's shifted series).
 */
export function seriesDrillValues(formData: ChartFormData, seriesName: string | null): DrillValue[] {
  const groupby = readColumnLabels(formData, 'groupby');
  if (seriesName === null || groupby.length === 0) return [];
  const parts = seriesName.split(', ');
  if (parts.length < groupby.length) return [];
  const groupValues = parts.slice(parts.length - groupby.length);
  return groupby.map((column, index) => {
    const text = groupValues[index] ?? seriesNullText;
    return text === seriesNullText ? drillValue(column, null) : { column, value: text, label: text };
  });
}

/** The column an x axis drills by: `x_axis` (an adhoc column by its label), else the legacy `granularity_sqla`. */
export function xAxisDrillColumn(formData: ChartFormData): string | null {
  const granularity = formData.granularity_sqla;
  return columnLabel(formData.x_axis) ?? (typeof granularity === 'string' && granularity !== '' ? granularity : null);
}

/**
 * The drill values of an x axis position: a time point's period under `time_grain_sqla` (labelled
 * by `formatTime`, the axis format), or the category or number itself.
 */
export function xAxisDrillValues(
  formData: ChartFormData,
  xKind: XAxisKind,
  xValue: unknown,
  formatTime: (epochMs: number) => string,
): DrillValue[] {
  const column = xAxisDrillColumn(formData);
  if (column === null || xValue === undefined) return [];
  if (xKind !== 'time') return [drillValue(column, xValue)];
  const pointMs = Number(xValue);
  const timeValue = temporalDrillValue(column, pointMs, formData.time_grain_sqla, formatTime(pointMs));
  return timeValue === null ? [] : [timeValue];
}

/** The drill values of a time-series point: its x position, then the group-by values of the series under the pointer. */
export function seriesPointDrillValues(
  formData: ChartFormData,
  xKind: XAxisKind,
  xValue: unknown,
  seriesName: string | null,
  formatTime: (epochMs: number) => string,
): DrillValue[] {
  return [...xAxisDrillValues(formData, xKind, xValue, formatTime), ...seriesDrillValues(formData, seriesName)];
}

/**
 * Tells a right-click on a mark to `onMarkContextMenu` when the mark has dimension values, and
 * keeps the browser's own menu away. Without values the event goes on to the chart panel.
 */
export function emitMarkContextMenu(
  event: MouseEvent,
  drillValues: DrillValue[],
  onMarkContextMenu: ((target: ChartContextMenuTarget) => void) | undefined,
): void {
  if (onMarkContextMenu === undefined || drillValues.length === 0) return;
  event.preventDefault();
  onMarkContextMenu({ clientX: event.clientX, clientY: event.clientY, drillValues });
}
