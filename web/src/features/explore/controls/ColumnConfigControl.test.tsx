import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { Dataset } from '@/api/generated/Dataset';
import { readColumnFormats } from '@/features/chart/viz/table/tableCellFormat';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import type { ControlDefinition } from '@/wasm/controlPanel';
import type { ExploreFormData } from '../exploreFormData';
import { readColumnConfig, withColumnSetting } from './ColumnConfigControl';
import { PanelControl } from './PanelControl';

vi.mock('@/wasm/useQuiverCore', () => ({ useQuiverCore: () => null }));

const dataset = {
  id: 3,
  table_name: 'birth_names',
  main_dttm_col: 'ds',
  columns: [
    { id: 1, column_name: 'gender', type_generic: 1, is_dttm: false, groupby: true, filterable: true, verbose_name: null },
    { id: 2, column_name: 'num', type_generic: 0, is_dttm: false, groupby: true, filterable: true, verbose_name: null },
    { id: 3, column_name: 'ds', type_generic: 2, is_dttm: true, groupby: true, filterable: true, verbose_name: null },
  ],
  metrics: [],
} as unknown as Dataset;

const sumNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)', hasCustomLabel: false, optionName: 'metric_a' };

const formData: ExploreFormData = { datasource: '3__table', viz_type: 'table', query_mode: 'aggregate', groupby: ['gender', 'ds'], metrics: [sumNum], align_pn: true };

const definition: ControlDefinition = {
  name: 'column_config',
  type: 'column_config',
  label: 'Customize columns',
  default: {},
  freeForm: false,
  multi: false,
  clearable: false,
  renderTrigger: true,
};

function renderControl(config: unknown = {}, shownFormData: ExploreFormData = formData): Mock<(name: string, value: unknown) => void> {
  const onChange = vi.fn<(name: string, value: unknown) => void>();
  renderWithTheme(<PanelControl control={definition} dataset={dataset} formData={{ ...shownFormData, column_config: config }} errors={[]} onChange={onChange} />);
  return onChange;
}

function openColumn(name: string): HTMLElement {
  const row = screen.getAllByTestId(testIds.explore.columnConfigRow).find((candidate) => candidate.dataset.column === name);
  if (row === undefined) throw new Error(`no row ${name}`);
  fireEvent.click(within(row).getByRole('button', { name: new RegExp(name.replace(/[()]/g, '\\$&')) }));
  return within(row).getByTestId(testIds.explore.columnConfigSettings);
}

describe('ColumnConfigControl ("Customize columns")', () => {
  it('lists the group-by columns then the metrics, and edits a metric: width, alignment, formats and its bar options', () => {
    const onChange = renderControl();
    expect(screen.getAllByTestId(testIds.explore.columnConfigRow).map((row) => row.dataset.column)).toEqual(['gender', 'ds', 'SUM(num)']);
    const settings = openColumn('SUM(num)');
    // The checkboxes start from the chart's options: show_cell_bars on, align_pn on here, color_pn on.
    expect(within(settings).getAllByRole('checkbox').map((box) => [box.parentElement?.textContent, (box as HTMLInputElement).checked])).toEqual([
      ['Show cell bars', true],
      ['Align +/-', true],
      ['Color +/-', true],
    ]);

    fireEvent.change(within(settings).getByLabelText('Min width'), { target: { value: '140' } });
    expect(onChange).toHaveBeenLastCalledWith('column_config', { 'SUM(num)': { columnWidth: 140 } });
    fireEvent.change(within(settings).getByLabelText('Text align'), { target: { value: 'center' } });
    expect(onChange).toHaveBeenLastCalledWith('column_config', { 'SUM(num)': { horizontalAlign: 'center' } });
    fireEvent.change(within(settings).getByLabelText('D3 format'), { target: { value: ',.2f' } });
    expect(onChange).toHaveBeenLastCalledWith('column_config', { 'SUM(num)': { d3NumberFormat: ',.2f' } });
    fireEvent.change(within(settings).getByLabelText('Small number format'), { target: { value: '.1%' } });
    expect(onChange).toHaveBeenLastCalledWith('column_config', { 'SUM(num)': { d3SmallNumberFormat: '.1%' } });
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Show cell bars' }));
    const written = { 'SUM(num)': { showCellBars: false } };
    expect(onChange).toHaveBeenLastCalledWith('column_config', written);
    // What the table renderer reads back.
    expect(readColumnFormats(written).get('SUM(num)')).toEqual({ showCellBars: false });
  });

  it('offers a string column its width and alignment only, and a time column its D3 time format', () => {
    const onChange = renderControl({ gender: { columnWidth: 80 } });
    const gender = openColumn('gender');
    expect(within(gender).getByLabelText<HTMLInputElement>('Min width').value).toBe('80');
    expect(within(gender).queryByLabelText('D3 format')).toBeNull();
    expect(within(gender).queryAllByRole('checkbox')).toHaveLength(0);
    fireEvent.change(within(gender).getByLabelText('Min width'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('column_config', {});

    const ds = openColumn('ds');
    fireEvent.change(within(ds).getByLabelText('D3 format'), { target: { value: '%Y' } });
    expect(onChange).toHaveBeenLastCalledWith('column_config', { gender: { columnWidth: 80 }, ds: { d3TimeFormat: '%Y' } });
  });

  it('keeps the other settings of a column and drops a column left with none', () => {
    const saved = readColumnConfig({ a: { columnWidth: 90, horizontalAlign: 'right', junk: 1 }, b: 'x' });
    expect(saved).toEqual({ a: { columnWidth: 90, horizontalAlign: 'right' } });
    expect(withColumnSetting(saved, 'a', 'columnWidth', undefined)).toEqual({ a: { horizontalAlign: 'right' } });
    expect(withColumnSetting({ a: { horizontalAlign: 'right' } }, 'a', 'horizontalAlign', undefined)).toEqual({});
  });

  it('says what to add when the chart has no column yet', () => {
    renderControl({}, { datasource: '3__table', viz_type: 'table', query_mode: 'raw', all_columns: [] });
    expect(screen.getByText('Add columns or metrics to customize them')).toBeTruthy();
  });
});
