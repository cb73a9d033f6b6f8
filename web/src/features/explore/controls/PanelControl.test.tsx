import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Dataset } from '@/api/generated/Dataset';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import type { ControlDefinition, ControlPanelDefinition } from '@/wasm/controlPanel';
import { ControlPanel } from '../ControlPanel';
import type { ExploreFormData } from '../exploreFormData';
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
  metrics: [{ id: 1, metric_name: 'count', verbose_name: 'COUNT(*)', expression: 'COUNT(*)' }],
} as unknown as Dataset;

const baseFormData: ExploreFormData = { datasource: '3__table', viz_type: 'echarts_timeseries_line' };

function control(name: string, type: ControlDefinition['type'], extra: Partial<ControlDefinition> = {}): ControlDefinition {
  return { name, type, label: name, default: null, freeForm: false, multi: false, clearable: true, renderTrigger: false, ...extra };
}

function renderControl(
  definition: ControlDefinition,
  formData: ExploreFormData = baseFormData,
  errors: string[] = [],
): Mock<(name: string, value: unknown) => void> {
  const onChange = vi.fn<(name: string, value: unknown) => void>();
  renderWithTheme(<PanelControl control={definition} dataset={dataset} formData={formData} errors={errors} onChange={onChange} />);
  return onChange;
}

function combobox(): HTMLElement {
  return screen.getByRole('combobox');
}

function choose(label: string): void {
  fireEvent.focus(combobox());
  fireEvent.click(screen.getByRole('option', { name: label }));
}

describe('PanelControl', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('metrics: adds SUM(num) to the list', () => {
    const onChange = renderControl(control('metrics', 'metrics', { multi: true }), { ...baseFormData, metrics: ['count'] });
    fireEvent.click(screen.getByTestId(testIds.explore.addMetricButton));
    fireEvent.focus(screen.getByTestId(testIds.explore.metricColumnSelect).querySelector('input') as HTMLElement);
    fireEvent.click(screen.getByRole('option', { name: 'num' }));
    fireEvent.focus(screen.getByTestId(testIds.explore.metricAggregateSelect).querySelector('input') as HTMLElement);
    fireEvent.click(screen.getByRole('option', { name: 'SUM' }));
    fireEvent.click(screen.getByTestId(testIds.explore.metricSaveButton));
    expect(onChange).toHaveBeenCalledWith('metrics', ['count', expect.objectContaining({ aggregate: 'SUM', label: 'SUM(num)' })]);
  });

  it('metric: a saved metric becomes the single value, not a list', () => {
    const onChange = renderControl(control('metric', 'metric'));
    fireEvent.click(screen.getByTestId(testIds.explore.addMetricButton));
    fireEvent.click(screen.getByTestId(testIds.explore.metricSavedTab));
    choose('COUNT(*)');
    fireEvent.click(screen.getByTestId(testIds.explore.metricSaveButton));
    expect(onChange).toHaveBeenCalledWith('metric', 'count');
  });

  it('metric: a chosen metric hides "+ Add metric"', () => {
    renderControl(control('metric', 'metric'), { ...baseFormData, metric: 'count' });
    expect(screen.getByTestId(testIds.explore.metricChip).textContent).toContain('count');
    expect(screen.queryByTestId(testIds.explore.addMetricButton)).toBeNull();
  });

  it('groupby: adds a dataset column to the list', () => {
    const onChange = renderControl(control('groupby', 'groupby', { multi: true }), { ...baseFormData, groupby: ['gender'] });
    choose('num');
    expect(onChange).toHaveBeenCalledWith('groupby', ['gender', 'num']);
  });

  it('x_axis: one column, temporal columns first', () => {
    const onChange = renderControl(control('x_axis', 'column'));
    fireEvent.focus(combobox());
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['ds', 'gender', 'num']);
    fireEvent.click(screen.getByRole('option', { name: 'ds' }));
    expect(onChange).toHaveBeenCalledWith('x_axis', 'ds');
  });

  it('adhoc_filters: adds gender == boy through the filter editor', () => {
    const onChange = renderControl(control('adhoc_filters', 'adhoc_filters', { multi: true, default: [] }));
    fireEvent.click(screen.getByTestId(testIds.explore.addFilterButton));
    fireEvent.focus(screen.getByTestId(testIds.explore.filterColumnSelect).querySelector('input') as HTMLElement);
    fireEvent.click(screen.getByRole('option', { name: 'gender' }));
    fireEvent.change(screen.getByTestId(testIds.explore.filterValueInput), { target: { value: 'boy' } });
    fireEvent.click(screen.getByTestId(testIds.explore.filterSaveButton));
    expect(onChange).toHaveBeenCalledWith('adhoc_filters', [
      expect.objectContaining({ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: '==', comparator: 'boy' }),
    ]);
  });

  it('select: picks a choice and keeps its JSON type', () => {
    const onChange = renderControl(control('row_limit', 'select', { choices: [[10, '10'], [100, '100']], default: 10 }));
    choose('100');
    expect(onChange).toHaveBeenCalledWith('row_limit', 100);
  });

  it('free-form select: a typed value is offered and stored as a number among numeric choices', () => {
    const onChange = renderControl(control('row_limit', 'select', { choices: [[10, '10'], [100, '100']], freeForm: true }));
    fireEvent.focus(combobox());
    fireEvent.change(combobox(), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('option', { name: '250' }));
    expect(onChange).toHaveBeenCalledWith('row_limit', 250);
  });

  it('multiple free-form select: a list of choices, pasted values created, no outer clear button', () => {
    const choices: [string, string][] = [
      ['1 day ago', '1 day ago'],
      ['1 week ago', '1 week ago'],
    ];
    const definition = control('time_compare', 'select', { label: 'Time shift', choices, multi: true, freeForm: true });
    const onChange = renderControl(definition, { ...baseFormData, time_compare: ['1 day ago'] });
    expect(screen.queryByRole('button', { name: 'Clear Time shift' })).toBeNull();
    choose('1 week ago');
    expect(onChange).toHaveBeenLastCalledWith('time_compare', ['1 day ago', '1 week ago']);
    fireEvent.paste(combobox(), { clipboardData: { getData: () => '1 week ago;2 years ago' } });
    expect(onChange).toHaveBeenLastCalledWith('time_compare', ['1 day ago', '1 week ago', '2 years ago']);
  });

  it('multiple select without free form: a paste keeps only the choices, numbers stay numbers', () => {
    const definition = control('percentiles', 'select', { choices: [[10, '10th'], [50, 'Median'], [90, '90th']], multi: true });
    const onChange = renderControl(definition, { ...baseFormData, percentiles: [] });
    fireEvent.paste(combobox(), { clipboardData: { getData: () => 'Median\n75\r\n90th' } });
    expect(onChange).toHaveBeenLastCalledWith('percentiles', [50, 90]);
  });

  it('a clearable single select clears to null', () => {
    const onChange = renderControl(control('series', 'column', { label: 'Series' }), { ...baseFormData, series: 'gender' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear Series' }));
    expect(onChange).toHaveBeenCalledWith('series', null);
  });

  it('checkbox: toggles a boolean', () => {
    const onChange = renderControl(control('show_legend', 'checkbox', { default: true, label: 'Show legend' }));
    const checkbox = screen.getByRole('checkbox', { name: 'Show legend' });
    expect(checkbox).toHaveProperty('checked', true);
    fireEvent.click(checkbox);
    expect(onChange).toHaveBeenCalledWith('show_legend', false);
  });

  it('number and text: store a number (or the text, for the core to refuse) and a string', () => {
    const onNumber = renderControl(control('rolling_periods', 'number', { label: 'Periods' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Periods' }), { target: { value: '7' } });
    expect(onNumber).toHaveBeenCalledWith('rolling_periods', 7);
    fireEvent.change(screen.getByRole('textbox', { name: 'Periods' }), { target: { value: '7x' } });
    expect(onNumber).toHaveBeenCalledWith('rolling_periods', '7x');
  });

  it('text: stores the typed string', () => {
    const onText = renderControl(control('subheader', 'text', { label: 'Subheader', default: '' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Subheader' }), { target: { value: 'births' } });
    expect(onText).toHaveBeenCalledWith('subheader', 'births');
  });

  it("color_scheme: shows Superset's scheme names and picks a categorical scheme by its id", () => {
    const onChange = renderControl(control('color_scheme', 'color_scheme', { default: 'supersetColors', renderTrigger: true }));
    expect(combobox().parentElement?.textContent).toContain('Superset Colors');
    expect(combobox().parentElement?.textContent).not.toContain('supersetColors');
    choose('Airbnb Colors');
    expect(onChange).toHaveBeenCalledWith('color_scheme', 'bnbColors');
  });

  it('time_range: "Edit time range" applies "Last week" through the control', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(Response.json({ result: [{ since: '2024-06-08T00:00:00', until: '2024-06-15T00:00:00', timeRange: 'Last week' }] })),
    );
    const onChange = renderControl(control('time_range', 'time_range', { label: 'Time Range', default: 'No filter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Time Range: No filter' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit time range' });
    fireEvent.focus(within(dialog).getByRole('combobox', { name: 'Range type' }));
    fireEvent.click(within(dialog).getByRole('option', { name: 'Last' }));
    const apply = screen.getByTestId<HTMLButtonElement>(testIds.explore.timeRangeApplyButton);
    await waitFor(() => expect(apply.disabled).toBe(false), { timeout: 3000 });
    expect(screen.getByTestId(testIds.explore.timeRangeActual).textContent).toBe('2024-06-08 ≤ col < 2024-06-15');
    fireEvent.click(apply);
    expect(onChange).toHaveBeenCalledWith('time_range', 'Last week');
  });

  it('shows the core validation messages next to the control', () => {
    renderControl(control('metrics', 'metrics', { label: 'Metrics' }), baseFormData, ['cannot be empty']);
    expect(screen.getByTestId(testIds.explore.controlError).textContent).toBe('cannot be empty');
  });
});

describe('ControlPanel', () => {
  const panel: ControlPanelDefinition = {
    vizType: 'pie',
    sections: [
      {
        label: 'Chart Options',
        tab: 'data',
        expanded: true,
        controls: [
          control('donut', 'checkbox', { label: 'Donut', default: false }),
          control('innerRadius', 'number', { label: 'Inner Radius', visibility: { when: 'isSet', control: 'donut' } }),
        ],
      },
    ],
  };

  function renderPanel(formData: ExploreFormData): void {
    renderWithTheme(
      <ControlPanel
        dataset={dataset}
        formData={formData}
        panel={panel}
        vizTypes={[]}
        controlErrors={[]}
        onChange={vi.fn()}
        onChooseVizType={vi.fn()}
        onRun={vi.fn()}
      />,
    );
  }

  function shownControls(): (string | null)[] {
    return screen.getAllByTestId(testIds.explore.control).map((element) => element.getAttribute('data-control'));
  }

  it('hides a control until its visibility condition is met', () => {
    renderPanel({ datasource: '3__table', viz_type: 'pie', donut: false });
    expect(shownControls()).toEqual(['donut']);
  });

  it('shows it once the condition holds', () => {
    renderPanel({ datasource: '3__table', viz_type: 'pie', donut: true });
    expect(shownControls()).toEqual(['donut', 'innerRadius']);
  });
});
