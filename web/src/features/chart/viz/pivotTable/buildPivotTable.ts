import { genericDataTypes, type CellValue, type ChartColumn } from '@/features/chart/chartColumns';
import { compareCellValues } from '../table/sortRows';
import type { ChartQueryData } from '../chartRendererProps';
import { numericCellValue } from '../numberFormat';
import { categoryLabel } from '../queryColumns';
import { pivotAggregator, type PivotAggregator } from './pivotAggregators';

/** Where the metrics go: one column group per metric, or one row group per metric. */
export type MetricsLayout = 'COLUMNS' | 'ROWS';

export interface PivotOptions {
  rowDimensions: readonly string[];
  columnDimensions: readonly string[];
  aggregateFunction: unknown;
  /** A "Total" column at the right (Superset's `rowTotals`). */
  rowTotals: boolean;
  /** A "Total" row at the bottom (Superset's `colTotals`). */
  colTotals: boolean;
  rowSubTotals: boolean;
  colSubTotals: boolean;
  metricsLayout: MetricsLayout;
  /** The metric is the innermost header level instead of the outermost. */
  combineMetric: boolean;
  /** Row keys sorted descending (`rowOrder` "key_z_to_a") instead of ascending. */
  isRowOrderDescending: boolean;
  /** Column keys sorted descending (`colOrder` "key_z_to_a"). */
  isColumnOrderDescending: boolean;
  /** How a dimension value is labelled (temporal ones in `date_format`); `categoryLabel` when absent. */
  dimensionLabel?: (value: CellValue | undefined, column: ChartColumn) => string;
}

interface KeyNode {
  label: string;
  raw: CellValue;
  prefix: readonly string[];
  children: KeyNode[];
}

export type PivotColumnKind = 'data' | 'subtotal' | 'total';

export interface PivotColumn {
  key: string;
  kind: PivotColumnKind;
  metric: string | null;
  prefix: readonly string[];
  /** One label per header level, outermost first. */
  headerPath: readonly string[];
}

export interface PivotHeaderCell {
  label: string;
  colSpan: number;
}

export type PivotRowKind = 'data' | 'group' | 'metric' | 'total';

export interface PivotRow {
  key: string;
  kind: PivotRowKind;
  depth: number;
  label: string;
  metric: string | null;
  prefix: readonly string[];
  isCollapsible: boolean;
  isCollapsed: boolean;
  /** Group rows show their subtotals only with `rowSubTotals` or when collapsed. */
  showsValues: boolean;
}

export interface PivotTable {
  metrics: readonly string[];
  aggregator: PivotAggregator;
  rowDimensions: readonly string[];
  columns: readonly PivotColumn[];
  headerRows: readonly (readonly PivotHeaderCell[])[];
  rowTree: readonly KeyNode[];
  options: PivotOptions;
  /** The aggregated value of a metric over the rows under `rowPrefix` and columns under `columnPrefix`. */
  valueAt: (metric: string, rowPrefix: readonly string[], columnPrefix: readonly string[]) => number | null;
}

const partSeparator = '\u0000';
const keySeparator = '\u0001';
export const totalLabel = 'Total';
export const subtotalLabel = 'Subtotal';

function prefixKey(prefix: readonly string[]): string {
  return prefix.join(partSeparator);
}

function insertKey(nodes: KeyNode[], parts: readonly { label: string; raw: CellValue }[], depth = 0, prefix: string[] = []): void {
  const part = parts[depth];
  if (part === undefined) return;
  const nodePrefix = [...prefix, part.label];
  let node = nodes.find((candidate) => candidate.label === part.label);
  if (node === undefined) {
    node = { label: part.label, raw: part.raw, prefix: nodePrefix, children: [] };
    nodes.push(node);
  }
  insertKey(node.children, parts, depth + 1, nodePrefix);
}

function sortTree(nodes: KeyNode[], isDescending: boolean): void {
  nodes.sort((left, right) => compareCellValues(left.raw, right.raw, isDescending ? 'descending' : 'ascending'));
  for (const node of nodes) sortTree(node.children, isDescending);
}

function columnsOfMetric(
  tree: readonly KeyNode[],
  metric: string | null,
  options: PivotOptions,
  levelCount: number,
): PivotColumn[] {
  const pathFor = (labels: readonly string[]): string[] => {
    const padded = [...labels, ...new Array<string>(Math.max(levelCount - labels.length, 0)).fill('')];
    if (metric === null) return padded;
    return options.combineMetric ? [...padded, metric] : [metric, ...padded];
  };
  const columns: PivotColumn[] = [];
  const walk = (nodes: readonly KeyNode[]): void => {
    for (const node of nodes) {
      if (node.children.length === 0) {
        columns.push({ key: `${metric ?? ''}${keySeparator}${prefixKey(node.prefix)}`, kind: 'data', metric, prefix: node.prefix, headerPath: pathFor(node.prefix) });
        continue;
      }
      walk(node.children);
      if (options.colSubTotals) {
        columns.push({
          key: `${metric ?? ''}${keySeparator}${prefixKey(node.prefix)}${keySeparator}subtotal`,
          kind: 'subtotal',
          metric,
          prefix: node.prefix,
          headerPath: pathFor([...node.prefix, subtotalLabel]),
        });
      }
    }
  };
  walk(tree);
  if (tree.length === 0) columns.push({ key: `${metric ?? ''}${keySeparator}`, kind: 'data', metric, prefix: [], headerPath: pathFor([]) });
  return columns;
}

function totalColumns(metrics: readonly (string | null)[], options: PivotOptions, levelCount: number): PivotColumn[] {
  return metrics.map((metric) => {
    const labels = [totalLabel, ...new Array<string>(Math.max(levelCount - 1, 0)).fill('')];
    const headerPath = metric === null ? labels : options.combineMetric ? [...labels, metric] : [metric, ...labels];
    return { key: `${metric ?? ''}${keySeparator}total`, kind: 'total' as const, metric, prefix: [], headerPath };
  });
}

/** Header rows: consecutive columns with the same path down to a level share one cell. */
function buildHeaderRows(columns: readonly PivotColumn[]): PivotHeaderCell[][] {
  const levelCount = columns[0]?.headerPath.length ?? 0;
  const rows: PivotHeaderCell[][] = [];
  for (let level = 0; level < levelCount; level += 1) {
    const cells: PivotHeaderCell[] = [];
    let previousPath: string | null = null;
    for (const column of columns) {
      const path = column.headerPath.slice(0, level + 1).join(keySeparator) + keySeparator + column.kind;
      const last = cells.at(-1);
      if (path === previousPath && last !== undefined) last.colSpan += 1;
      else cells.push({ label: column.headerPath[level] ?? '', colSpan: 1 });
      previousPath = path;
    }
    rows.push(cells);
  }
  return rows;
}

function findColumns(columns: readonly ChartColumn[], names: readonly string[]): ChartColumn[] {
  return names.flatMap((name) => columns.filter((column) => column.name === name));
}

/**
 * Pivots Superset's pivot_table_v2 result (one row per group of the row and column dimensions,
 * one column per metric) into cells aggregated with `aggregateFunction`, with subtotals and
 * totals computed from the input rows (so an Average total is the average of every row).
 */
export function buildPivotTable(data: ChartQueryData, options: PivotOptions): PivotTable {
  const rowColumns = findColumns(data.columns, options.rowDimensions);
  const columnColumns = findColumns(data.columns, options.columnDimensions);
  const dimensionColumns = new Set([...rowColumns, ...columnColumns]);
  const metricColumns = data.columns.filter((column) => !dimensionColumns.has(column) && column.genericType === genericDataTypes.numeric);
  const aggregator = pivotAggregator(options.aggregateFunction);
  const cells = new Map<string, number[]>();
  const rowTree: KeyNode[] = [];
  const columnTree: KeyNode[] = [];

  const labelOf = options.dimensionLabel ?? categoryLabel;
  for (let rowIndex = 0; rowIndex < data.rowCount; rowIndex += 1) {
    const rowParts = rowColumns.map((column) => ({ raw: column.values[rowIndex] ?? null, label: labelOf(column.values[rowIndex], column) }));
    const columnParts = columnColumns.map((column) => ({ raw: column.values[rowIndex] ?? null, label: labelOf(column.values[rowIndex], column) }));
    insertKey(rowTree, rowParts);
    insertKey(columnTree, columnParts);
    const rowLabels = rowParts.map((part) => part.label);
    const columnLabels = columnParts.map((part) => part.label);
    for (const metricColumn of metricColumns) {
      const value = numericCellValue(metricColumn.values[rowIndex]);
      if (value === null) continue;
      for (let rowLength = 0; rowLength <= rowLabels.length; rowLength += 1) {
        for (let columnLength = 0; columnLength <= columnLabels.length; columnLength += 1) {
          const key = [metricColumn.name, prefixKey(rowLabels.slice(0, rowLength)), prefixKey(columnLabels.slice(0, columnLength))].join(keySeparator);
          const values = cells.get(key);
          if (values === undefined) cells.set(key, [value]);
          else values.push(value);
        }
      }
    }
  }
  sortTree(rowTree, options.isRowOrderDescending);
  sortTree(columnTree, options.isColumnOrderDescending);

  const metrics = metricColumns.map((column) => column.name);
  const aggregateAt = (metric: string, rowPrefix: readonly string[], columnPrefix: readonly string[]): number | null =>
    aggregator.aggregate(cells.get([metric, prefixKey(rowPrefix), prefixKey(columnPrefix)].join(keySeparator)) ?? []);
  const valueAt = (metric: string, rowPrefix: readonly string[], columnPrefix: readonly string[]): number | null => {
    const value = aggregateAt(metric, rowPrefix, columnPrefix);
    if (value === null || aggregator.fractionOf === null) return value;
    const base =
      aggregator.fractionOf === 'total'
        ? aggregateAt(metric, [], [])
        : aggregator.fractionOf === 'row'
          ? aggregateAt(metric, rowPrefix, [])
          : aggregateAt(metric, [], columnPrefix);
    return base === null || base === 0 ? null : value / base;
  };

  const levelCount = columnColumns.length;
  const columnMetrics: (string | null)[] = options.metricsLayout === 'COLUMNS' ? metrics : [null];
  const columns: PivotColumn[] = [];
  if (options.combineMetric && options.metricsLayout === 'COLUMNS') {
    const leafColumns = columnsOfMetric(columnTree, null, options, levelCount);
    for (const leaf of leafColumns) {
      for (const metric of metrics) {
        columns.push({ ...leaf, key: `${metric}${keySeparator}${leaf.key}`, metric, headerPath: [...leaf.headerPath, metric] });
      }
    }
  } else {
    for (const metric of columnMetrics) columns.push(...columnsOfMetric(columnTree, metric, options, levelCount));
  }
  if (options.rowTotals && levelCount > 0) columns.push(...totalColumns(columnMetrics, options, levelCount));

  return { metrics, aggregator, rowDimensions: rowColumns.map((column) => column.name), columns, headerRows: buildHeaderRows(columns), rowTree, options, valueAt };
}

/** The rows to display, top to bottom, with collapsed groups showing their aggregate only. */
export function visiblePivotRows(pivot: PivotTable, collapsedKeys: ReadonlySet<string>): PivotRow[] {
  const rows: PivotRow[] = [];
  const { options } = pivot;
  const walk = (nodes: readonly KeyNode[], depth: number, metric: string | null, keyPrefix: string): void => {
    for (const node of nodes) {
      const key = `${keyPrefix}${keySeparator}${prefixKey(node.prefix)}`;
      const isGroup = node.children.length > 0;
      const isCollapsed = isGroup && collapsedKeys.has(key);
      rows.push({
        key,
        kind: isGroup ? 'group' : 'data',
        depth,
        label: node.label,
        metric,
        prefix: node.prefix,
        isCollapsible: isGroup,
        isCollapsed,
        showsValues: !isGroup || isCollapsed || options.rowSubTotals,
      });
      if (isGroup && !isCollapsed) walk(node.children, depth + 1, metric, keyPrefix);
    }
  };
  const hasRowDimensions = pivot.rowTree.length > 0;
  if (options.metricsLayout === 'ROWS') {
    for (const metric of pivot.metrics) {
      const key = `metric${keySeparator}${metric}`;
      const isCollapsed = hasRowDimensions && collapsedKeys.has(key);
      rows.push({ key, kind: 'metric', depth: 0, label: metric, metric, prefix: [], isCollapsible: hasRowDimensions, isCollapsed, showsValues: true });
      if (!isCollapsed) walk(pivot.rowTree, 1, metric, key);
    }
    return rows;
  }
  if (!hasRowDimensions) {
    rows.push({ key: 'total', kind: 'total', depth: 0, label: totalLabel, metric: null, prefix: [], isCollapsible: false, isCollapsed: false, showsValues: true });
    return rows;
  }
  walk(pivot.rowTree, 0, null, 'rows');
  if (options.colTotals) {
    rows.push({ key: 'total', kind: 'total', depth: 0, label: totalLabel, metric: null, prefix: [], isCollapsible: false, isCollapsed: false, showsValues: true });
  }
  return rows;
}

/** A cell of the displayed table; null where a row shows no values or the group is empty. */
export function pivotCellValue(pivot: PivotTable, row: PivotRow, column: PivotColumn): number | null {
  const metric = row.metric ?? column.metric;
  if (!row.showsValues || metric === null) return null;
  return pivot.valueAt(metric, row.prefix, column.prefix);
}
