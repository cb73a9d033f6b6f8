import { describe, expect, it } from 'vitest';
import type { Chart } from '@/api/generated/Chart';
import type { Dataset } from '@/api/generated/Dataset';
import type { ControlDefinition, ControlPanelDefinition } from '@/wasm/controlPanel';
import { diffControlDescriptions, savedChartFormData } from './chartChanges';

const dataset = { id: 3, table_name: 'birth_names', main_dttm_col: 'ds', columns: [], metrics: [] } as unknown as Dataset;

function savedChart(changes: Partial<Chart>): Chart {
  return { id: 7, slice_name: 'Births', viz_type: 'table', params: '{}', datasource_id: 3, datasource_type: 'table', ...changes } as Chart;
}

function control(name: string, type: ControlDefinition['type'], label: string): ControlDefinition {
  return { name, type, label, default: null, freeForm: false, multi: false, clearable: true, renderTrigger: false };
}

describe('savedChartFormData', () => {
  it("is the chart's params with its viz type, datasource and id, and Explore's defaults", () => {
    const slice = savedChart({ viz_type: 'big_number_total', params: '{"metric": "count", "row_limit": 50, "viz_type": "table"}' });
    expect(savedChartFormData(slice, dataset)).toEqual({
      query_mode: 'aggregate',
      groupby: [],
      metrics: [],
      row_limit: 50,
      time_range: 'No filter',
      metric: 'count',
      viz_type: 'big_number_total',
      datasource: '3__table',
      slice_id: 7,
    });
  });

  it('reads missing or broken params as no params', () => {
    const expected = { query_mode: 'aggregate', groupby: [], metrics: [], row_limit: 1000, time_range: 'No filter', viz_type: 'table', datasource: '3__table', slice_id: 7 };
    expect(savedChartFormData(savedChart({ params: null }), dataset)).toEqual(expected);
    expect(savedChartFormData(savedChart({ params: 'not json' }), dataset)).toEqual(expected);
    expect(savedChartFormData(savedChart({ params: '[1]' }), dataset)).toEqual(expected);
  });

  it("keeps the chart's own datasource", () => {
    expect(savedChartFormData(savedChart({ datasource_id: 9 }), dataset).datasource).toBe('9__table');
  });
});

describe('diffControlDescriptions', () => {
  it("labels each panel control and gives the core Superset's control type", () => {
    const panel: ControlPanelDefinition = {
      vizType: 'table',
      sections: [
        { label: 'Query', tab: 'data', expanded: true, controls: [control('metrics', 'metrics', 'Metrics'), control('adhoc_filters', 'adhoc_filters', 'Filters')] },
        { label: 'Options', tab: 'data', expanded: true, controls: [control('row_limit', 'select', 'Row limit'), control('y_axis_bounds', 'bounds', 'Y Axis Bounds')] },
      ],
    };
    expect(diffControlDescriptions(panel)).toEqual({
      viz_type: { label: 'Visualization type', type: 'VizTypeControl' },
      metrics: { label: 'Metrics', type: 'MetricsControl' },
      adhoc_filters: { label: 'Filters', type: 'AdhocFilterControl' },
      row_limit: { label: 'Row limit', type: 'SelectControl' },
      y_axis_bounds: { label: 'Y Axis Bounds', type: 'BoundsControl' },
    });
  });

  it('describes only the viz type control before the panel is known', () => {
    expect(Object.keys(diffControlDescriptions(null))).toEqual(['viz_type']);
  });
});
