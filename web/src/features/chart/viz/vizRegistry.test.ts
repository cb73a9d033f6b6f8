import { describe, expect, it } from 'vitest';
import { vizDefinition, vizRegistry } from './vizRegistry';

describe('vizRegistry', () => {
  it('registers every renderer with its gallery category', () => {
    expect(vizRegistry.size).toBe(22);
    expect(vizDefinition('pie').category).toBe('Part of a Whole');
    expect(vizDefinition('echarts_timeseries_bar').name).toBe('Bar Chart');
    expect(vizDefinition('big_number_total').category).toBe('KPI');
  });

  it('shows an unknown viz type as a table', () => {
    expect(vizDefinition('deck_arc').vizType).toBe('table');
  });
});
