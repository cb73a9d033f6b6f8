import type { CellValue } from '@/features/chart/chartColumns';
import { numberFormatter, type NumberFormatter } from '../numberFormat';

/** A heatmap cell: its raw x and y values (to sort the axes), their labels and the metric. */
export interface HeatCell {
  xValue: CellValue | undefined;
  yValue: CellValue | undefined;
  x: string;
  y: string;
  value: number;
  /** What the colour scale reads: the metric, or with `normalized` its percentile rank (the `rank` column). */
  shade: number;
  /** The cell's row in the result (its x and y values, for drilling to detail). */
  rowIndex: number;
}

type Axis = 'x' | 'y';

function compareRaw(left: CellValue | undefined, right: CellValue | undefined): number {
  const leftNumber = Number(left);
  const rightNumber = Number(right);
  if (typeof left !== 'string' && typeof right !== 'string' && Number.isFinite(leftNumber) && Number.isFinite(rightNumber)) return leftNumber - rightNumber;
  return String(left).localeCompare(String(right), undefined, { numeric: true });
}

/**
 * An axis' labels in Superset's `sort_x_axis` / `sort_y_axis` order: by value (numbers and dates
 * numerically, text with numbers inside in natural order) or by the summed metric, ascending or
 * descending.
 */
export function sortedAxisLabels(cells: readonly HeatCell[], axis: Axis, order: unknown): string[] {
  const raw = new Map<string, CellValue | undefined>();
  const sums = new Map<string, number>();
  for (const cell of cells) {
    raw.set(cell[axis], axis === 'x' ? cell.xValue : cell.yValue);
    sums.set(cell[axis], (sums.get(cell[axis]) ?? 0) + cell.value);
  }
  const labels = [...raw.keys()];
  const isDescending = order === 'alpha_desc' || order === 'value_desc';
  const isByValue = order === 'value_asc' || order === 'value_desc';
  labels.sort((left, right) => (isByValue ? (sums.get(left) ?? 0) - (sums.get(right) ?? 0) : compareRaw(raw.get(left), raw.get(right))));
  return isDescending ? labels.reverse() : labels;
}

const percentFormatter = numberFormatter('.2%');

/**
 * The tooltip's share (`show_percentage`): the cell's value against the whole heatmap, its x
 * column or its y row (`normalize_across`), as "25.00% (heatmap)" or "50.00% (CA)".
 */
export function heatCellShare(cell: HeatCell, cells: readonly HeatCell[], normalizeAcross: unknown): string {
  const axis: Axis | null = normalizeAcross === 'x' || normalizeAcross === 'y' ? normalizeAcross : null;
  const peers = axis === null ? cells : cells.filter((other) => other[axis] === cell[axis]);
  const total = peers.reduce((sum, other) => sum + other.value, 0);
  return `${percentFormatter(total === 0 ? 0 : cell.value / total)} (${axis === null ? 'heatmap' : cell[axis]})`;
}

/** Piecewise legend (`legend_type` "piecewise"): five equal pieces, each labelled by its lower bound as Superset's formatter does. */
export function heatmapPieces(low: number, high: number, formatValue: NumberFormatter): { label: string; from: number; to: number }[] {
  const count = 5;
  const step = (high - low) / count;
  return Array.from({ length: count }, (_unused, index) => {
    const from = low + step * index;
    return { label: formatValue(from), from, to: from + step };
  });
}
