import { describe, expect, it, vi } from 'vitest';
import type { Dataset } from '@/api/generated/Dataset';
import type { ControlPanelDefinition } from '@/wasm/controlPanel';
import type { ExploreFormData } from './exploreFormData';
import { switchVizType } from './vizTypeSwitch';

const dataset = {
  id: 3,
  main_dttm_col: null,
  columns: [
    { column_name: 'gender', is_dttm: false, type_generic: 1 },
    { column_name: 'ds', is_dttm: true, type_generic: 2 },
  ],
} as unknown as Dataset;

function panelWith(...names: string[]): ControlPanelDefinition {
  const controls = names.map((name) => ({ name, type: 'column', label: name, default: null, freeForm: false, multi: false, clearable: true, renderTrigger: false }) as const);
  return { vizType: 'any', sections: [{ label: 'Query', tab: 'data', expanded: true, controls: [...controls] }] };
}

const tableFormData: ExploreFormData = { datasource: '3__table', viz_type: 'table', groupby: ['gender'], metrics: ['count'] };

describe('switchVizType', () => {
  it('asks the core to carry the form data over to the new viz type', () => {
    const carried: ExploreFormData = { datasource: '3__table', viz_type: 'pie', groupby: ['gender'], metric: 'count' };
    const carryOverFormData = vi.fn(() => carried);
    const core = { carryOverFormData, controlPanel: () => panelWith('groupby', 'metric') } as unknown as Parameters<typeof switchVizType>[0];

    expect(switchVizType(core, tableFormData, 'pie', dataset)).toEqual(carried);
    expect(carryOverFormData).toHaveBeenCalledWith(tableFormData, 'pie');
  });

  it('starts an empty x-axis on the first temporal column', () => {
    const carried: ExploreFormData = { datasource: '3__table', viz_type: 'echarts_timeseries_line', x_axis: null };
    const core = { carryOverFormData: () => carried, controlPanel: () => panelWith('x_axis') } as unknown as Parameters<typeof switchVizType>[0];
    expect(switchVizType(core, tableFormData, 'echarts_timeseries_line', dataset).x_axis).toBe('ds');
  });
});
