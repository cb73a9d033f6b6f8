import { fireEvent, screen, within } from '@testing-library/react';
import { useState, type JSX } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Dataset } from '@/api/generated/Dataset';
import type { FieldError } from '@/api/generated/FieldError';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import type { ControlChoice, ControlDefinition, ControlPanelDefinition, ControlVisibility } from '@/wasm/controlPanel';
import { ControlPanel } from './ControlPanel';
import type { ExploreFormData } from './exploreFormData';

vi.mock('@/wasm/useQuiverCore', () => ({ useQuiverCore: () => null }));

const dataset = { id: 3, table_name: 'birth_names', main_dttm_col: 'ds', columns: [], metrics: [] } as unknown as Dataset;

function select(name: string, label: string, choices: ControlChoice[], extra: Partial<ControlDefinition> = {}): ControlDefinition {
  return { name, type: 'select', label, default: null, choices, freeForm: false, multi: false, clearable: true, renderTrigger: false, ...extra };
}

const same = (values: string[]): ControlChoice[] => values.map((value) => [value, value] as const);
const hasWindow: ControlVisibility = {
  when: 'all',
  conditions: [
    { when: 'isSet', control: 'rolling_type' },
    { when: 'isNoneOf', control: 'rolling_type', values: ['cumsum'] },
  ],
};
const periods = (name: string, label: string): ControlDefinition => ({
  ...select(name, label, []),
  type: 'number',
  choices: undefined,
  validators: [{ kind: 'integer' }],
  visibility: hasWindow,
});

/** "Advanced analytics" as core-wasm/src/controls/sections.rs describes it for the line chart. */
const panel: ControlPanelDefinition = {
  vizType: 'echarts_timeseries_line',
  sections: [
    {
      label: 'Advanced analytics',
      tab: 'data',
      expanded: true,
      controls: [
        select('rolling_type', 'Rolling function', [[null, 'None'], ...same(['mean', 'sum', 'std', 'cumsum'])]),
        periods('rolling_periods', 'Periods'),
        periods('min_periods', 'Min periods'),
        select('time_compare', 'Time shift', same(['1 day ago', '1 week ago', '1 year ago']), { multi: true, freeForm: true }),
        select(
          'comparison_type',
          'Calculation type',
          [
            ['values', 'Actual values'],
            ['difference', 'Difference'],
          ],
          { default: 'values' },
        ),
        select('resample_rule', 'Rule', same(['1D', '7D']), { freeForm: true }),
        select('resample_method', 'Fill method', same(['asfreq', 'ffill'])),
      ],
    },
  ],
};

/** The core's integer rule for the window controls (form_data/validate.rs), enough for the panel to show it. */
function integerErrors(formData: ExploreFormData): FieldError[] {
  return ['rolling_periods', 'min_periods']
    .filter((name) => formData[name] !== undefined && formData[name] !== null && !Number.isInteger(formData[name]))
    .map((control) => ({ control, message: 'is expected to be an integer' }));
}

function Harness({ onChange }: { onChange: (formData: ExploreFormData) => void }): JSX.Element {
  const [formData, setFormData] = useState<ExploreFormData>({ datasource: '3__table', viz_type: 'echarts_timeseries_line' });
  return (
    <ControlPanel
      dataset={dataset}
      formData={formData}
      panel={panel}
      vizTypes={[]}
      controlErrors={integerErrors(formData)}
      onChange={(next) => {
        setFormData(next);
        onChange(next);
      }}
      onChooseVizType={vi.fn()}
      onRun={vi.fn()}
    />
  );
}

function renderPanel(): ReturnType<typeof vi.fn<(formData: ExploreFormData) => void>> {
  const onChange = vi.fn<(formData: ExploreFormData) => void>();
  renderWithTheme(<Harness onChange={onChange} />);
  return onChange;
}

function controlElement(name: string): HTMLElement {
  const element = screen.getAllByTestId(testIds.explore.control).find((candidate) => candidate.getAttribute('data-control') === name);
  if (element === undefined) throw new Error(`no control ${name}`);
  return element;
}

function shownControls(): (string | null)[] {
  return screen.getAllByTestId(testIds.explore.control).map((element) => element.getAttribute('data-control'));
}

function choose(name: string, label: string): void {
  const control = controlElement(name);
  fireEvent.focus(within(control).getByRole('combobox'));
  fireEvent.click(within(control).getByRole('option', { name: label }));
}

describe('ControlPanel: Advanced analytics', () => {
  it('shows Superset\'s three headings above their controls', () => {
    renderPanel();
    const section = screen.getByTestId(testIds.explore.controlSection);
    const order = Array.from(section.querySelectorAll(`[data-testid="${testIds.explore.controlSubSectionHeader}"], [data-testid="${testIds.explore.control}"]`)).map(
      (element) => element.getAttribute('data-control') ?? element.textContent,
    );
    expect(order).toEqual(['Rolling window', 'rolling_type', 'Time comparison', 'time_compare', 'comparison_type', 'Resample', 'resample_rule', 'resample_method']);
  });

  it('shows Periods and Min periods for a window function only, not for None or cumsum', () => {
    renderPanel();
    expect(shownControls()).not.toContain('rolling_periods');
    choose('rolling_type', 'mean');
    expect(shownControls().slice(0, 3)).toEqual(['rolling_type', 'rolling_periods', 'min_periods']);
    choose('rolling_type', 'cumsum');
    expect(shownControls()).not.toContain('rolling_periods');
    expect(shownControls()).not.toContain('min_periods');
  });

  it('shows the core\'s "is expected to be an integer" next to Periods until a whole number is typed', () => {
    const onChange = renderPanel();
    choose('rolling_type', 'mean');
    const periodsBox = within(controlElement('rolling_periods')).getByRole('textbox', { name: 'Periods' });
    fireEvent.change(periodsBox, { target: { value: '2.5' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ rolling_type: 'mean', rolling_periods: 2.5 }));
    expect(within(controlElement('rolling_periods')).getByTestId(testIds.explore.controlError).textContent).toBe('is expected to be an integer');
    expect(periodsBox.getAttribute('aria-invalid')).toBe('true');
    expect(within(controlElement('min_periods')).queryByTestId(testIds.explore.controlError)).toBeNull();
    fireEvent.change(periodsBox, { target: { value: '2' } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ rolling_periods: 2 }));
    expect(screen.queryByTestId(testIds.explore.controlError)).toBeNull();
  });

  it('time shift: choices and a free-form offset make a list; the calculation type starts at Actual values', () => {
    const onChange = renderPanel();
    expect(within(controlElement('comparison_type')).getByRole('combobox').closest('[data-control]')?.textContent).toContain('Actual values');
    choose('time_compare', '1 year ago');
    const timeShift = within(controlElement('time_compare')).getByRole('combobox');
    fireEvent.focus(timeShift);
    fireEvent.change(timeShift, { target: { value: '5 years ago' } });
    fireEvent.click(within(controlElement('time_compare')).getByRole('option', { name: '5 years ago' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ time_compare: ['1 year ago', '5 years ago'] }));
    choose('comparison_type', 'Difference');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ comparison_type: 'difference' }));
  });
});
