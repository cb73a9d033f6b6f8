import type { FormData } from '@/api/generated/FormData';
import type { AnnotationLayerState } from '@/features/chart/annotations/useAnnotationLayerStates';
import type { ChartColumn } from '@/features/chart/chartColumns';
import type { QuiverTheme } from '@/theme/tokens';

/** The form data as charts read it: the generated typed core and every other Superset key. */
export type ChartFormData = FormData & Record<string, unknown>;

/**
 * One query object's post-processed result, column-oriented as the table chart reads it: the
 * columns in `colnames` order, each with its `coltypes` generic type, and the row count.
 */
export interface ChartQueryData {
  columns: readonly ChartColumn[];
  rowCount: number;
}

/** One clause of a cross-filter: the rows whose `column` is one of `values`. */
export interface CrossFilterClause {
  column: string;
  values: unknown[];
}

/**
 * A chart's cross-filter selection: the rows matching every clause. A bar, a slice or a table row
 * filters one column; a time series' series filters each of its group-by columns (Superset's
 * echarts timeseries cross-filter).
 */
export interface CrossFilterSelection {
  clauses: CrossFilterClause[];
  /**
   * The chart's `filterState.value`: the selected values (`["CA"]`), a series' as the array of
   * its group-by values (`[["boy", "CA"]]`), as Superset keeps them.
   */
  values: unknown[];
  /** What the filter bar shows, `CA` or `boy, CA`. */
  label: string;
}

/** A dimension value of a chart mark: drilling to detail keeps the rows whose `column` has it. */
export interface DrillValue {
  /** The result column's name (the group-by column's label). */
  column: string;
  value: unknown;
  /** The value as shown: `CA`, `<NULL>`. */
  label: string;
  /**
   * For a point of a time axis: the clicked period, from the point's time to the next time grain
   * boundary (`1965-01-01T00:00:00 : 1966-01-01T00:00:00`), filtered as a `TEMPORAL_RANGE`.
   */
  timeRange?: string;
}

/** Where a right-click on a chart happened (viewport pixels) and the dimension values of the mark under it. */
export interface ChartContextMenuTarget {
  clientX: number;
  clientY: number;
  drillValues: DrillValue[];
}

/** What every renderer receives. `data` is the first query's result, `queriesData` all of them. */
export interface ChartRendererProps {
  data: ChartQueryData;
  queriesData: readonly ChartQueryData[];
  formData: ChartFormData;
  width: number;
  height: number;
  theme: QuiverTheme;
  /** On a dashboard with cross-filters: emits the clicked selection, or null to clear it. */
  onCrossFilter?: (selection: CrossFilterSelection | null) => void;
  /** The values of the chart's own cross-filter, to toggle a selection off. */
  crossFilterValues?: readonly unknown[];
  /** The form data's annotation layers and their records (time-series charts draw them). */
  annotationLayers?: readonly AnnotationLayerState[];
  /**
   * Where drilling to detail is on: a right-click on a mark with dimension values tells them (and
   * prevents the browser's menu); a right-click elsewhere is left to the chart panel.
   */
  onMarkContextMenu?: (target: ChartContextMenuTarget) => void;
  /**
   * The chart's own state changed (Superset's `setDataMask({ownState})`): a server-paginated
   * table's page or page size. The next query carries it as the form data's `own_state`.
   */
  onOwnStateChange?: (ownState: Record<string, unknown>) => void;
}
