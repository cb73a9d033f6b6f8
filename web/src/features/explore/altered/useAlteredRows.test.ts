import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Chart } from '@/api/generated/Chart';
import type { Dataset } from '@/api/generated/Dataset';
import type { ChartDiff, DiffControlDescription } from '@/wasm/chartDiff';
import type { ControlPanelDefinition } from '@/wasm/controlPanel';
import type { ExploreFormData } from '../exploreFormData';
import { useAlteredRows } from './useAlteredRows';

/** A stand-in for the core's rule: one row when `row_limit` differs, labelled from `controls`. */
const alteredRows = vi.fn<ChartDiff['alteredRows']>((original, current, controls: Record<string, DiffControlDescription>) =>
  original.row_limit === current.row_limit
    ? []
    : [{ control: controls.row_limit?.label ?? 'row_limit', before: String(original.row_limit), after: String(current.row_limit) }],
);

vi.mock('@/wasm/chartDiff', () => ({
  loadChartDiff: () => Promise.resolve({ alteredControls: () => [], alteredRows }),
}));

const dataset = { id: 3, table_name: 'birth_names', main_dttm_col: null, columns: [], metrics: [] } as unknown as Dataset;

const panel: ControlPanelDefinition = {
  vizType: 'table',
  sections: [
    {
      label: 'Options',
      tab: 'data',
      expanded: true,
      controls: [{ name: 'row_limit', type: 'select', label: 'Row limit', default: 1000, freeForm: true, multi: false, clearable: false, renderTrigger: false }],
    },
  ],
};

function savedChart(params: Record<string, unknown>): Chart {
  return { id: 7, slice_name: 'Births', viz_type: 'table', params: JSON.stringify(params), datasource_id: 3, datasource_type: 'table' } as Chart;
}

const formData: ExploreFormData = { datasource: '3__table', viz_type: 'table', slice_id: 7, metrics: ['count'], row_limit: 10 };

describe('useAlteredRows', () => {
  afterEach(() => {
    alteredRows.mockClear();
  });

  it('has no rows for a chart not saved yet', async () => {
    const { result } = renderHook(() => useAlteredRows(null, dataset, formData, panel));
    await waitFor(() => expect(result.current).toEqual([]));
    expect(alteredRows).not.toHaveBeenCalled();
  });

  it("compares the saved chart's form data with the current one, with the panel's labels", async () => {
    const { result } = renderHook(() => useAlteredRows(savedChart({ metrics: ['count'], row_limit: 1000 }), dataset, formData, panel));
    await waitFor(() => expect(result.current).toEqual([{ control: 'Row limit', before: '1000', after: '10' }]));
    const [original, current, controls] = alteredRows.mock.lastCall ?? [];
    expect(original).toMatchObject({ metrics: ['count'], row_limit: 1000, viz_type: 'table', datasource: '3__table', slice_id: 7 });
    expect(current).toBe(formData);
    expect(controls?.row_limit).toEqual({ label: 'Row limit', type: 'SelectControl' });
  });

  it('has no rows once the chart is saved with the current form data', async () => {
    const { result, rerender } = renderHook(({ slice }) => useAlteredRows(slice, dataset, formData, panel), {
      initialProps: { slice: savedChart({ metrics: ['count'], row_limit: 1000 }) },
    });
    await waitFor(() => expect(result.current).toHaveLength(1));
    rerender({ slice: savedChart(formData) });
    expect(result.current).toEqual([]);
  });
});
