import type { MouseEvent } from 'react';
import { genericDataTypes, type ChartColumn } from '@/features/chart/chartColumns';
import type { ChartContextMenuTarget, DrillValue } from './chartRendererProps';
import { filterValueText } from './crossFilterSelection';

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
