import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { Dataset } from '@/api/generated/Dataset';
import { readConditionalFormatting } from '@/features/chart/viz/table/conditionalFormatting';
import { brandColors } from '@/theme/tokens';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import type { ControlDefinition } from '@/wasm/controlPanel';
import type { ExploreFormData } from '../exploreFormData';
import { formattableColumns, formattingRuleLabel, ruleOfDraft, emptyRuleDraft } from './conditionalFormattingRules';
import { PanelControl } from './PanelControl';

vi.mock('@/wasm/useQuiverCore', () => ({ useQuiverCore: () => null }));

const dataset = {
  id: 3,
  table_name: 'birth_names',
  main_dttm_col: 'ds',
  columns: [
    { id: 1, column_name: 'gender', type_generic: 1, is_dttm: false, groupby: true, filterable: true, verbose_name: null },
    { id: 2, column_name: 'num', type_generic: 0, is_dttm: false, groupby: true, filterable: true, verbose_name: null },
  ],
  metrics: [{ id: 1, metric_name: 'count', verbose_name: 'COUNT(*)', expression: 'COUNT(*)' }],
} as unknown as Dataset;

const sumNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)', hasCustomLabel: false, optionName: 'metric_a' };

const baseFormData: ExploreFormData = { datasource: '3__table', viz_type: 'table', query_mode: 'aggregate', metrics: [sumNum, 'count'] };

const definition: ControlDefinition = {
  name: 'conditional_formatting',
  type: 'conditional_formatting',
  label: 'Conditional formatting',
  default: [],
  freeForm: false,
  multi: false,
  clearable: false,
  renderTrigger: true,
};

function renderControl(rules: unknown[] = [], formData: ExploreFormData = baseFormData): Mock<(name: string, value: unknown) => void> {
  const onChange = vi.fn<(name: string, value: unknown) => void>();
  renderWithTheme(
    <PanelControl control={definition} dataset={dataset} formData={{ ...formData, conditional_formatting: rules }} errors={[]} onChange={onChange} />,
  );
  return onChange;
}

function popover(): HTMLElement {
  return screen.getByTestId(testIds.explore.conditionalFormattingPopover);
}

function choose(label: string, option: string): void {
  const select = within(popover()).getByRole('combobox', { name: label });
  fireEvent.focus(select);
  fireEvent.click(screen.getByRole('option', { name: option }));
}

function type(label: string, text: string): void {
  fireEvent.change(within(popover()).getByLabelText(label), { target: { value: text } });
}

function saveButton(): HTMLButtonElement {
  return screen.getByTestId<HTMLButtonElement>(testIds.explore.conditionalFormattingSaveButton);
}

describe('ConditionalFormattingControl', () => {
  it('adds a rule in the shape the table renderer reads', () => {
    const onChange = renderControl();
    fireEvent.click(screen.getByTestId(testIds.explore.addConditionalFormattingButton));
    expect(saveButton().disabled).toBe(true);
    choose('Column', 'SUM(num)');
    choose('Color scheme', 'Red');
    choose('Operator', '>');
    expect(saveButton().disabled).toBe(true);
    type('Target value', '1000');
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    const written = [{ column: 'SUM(num)', operator: '>', colorScheme: 'colorError', targetValue: 1000 }];
    expect(onChange).toHaveBeenCalledWith('conditional_formatting', written);
    expect(readConditionalFormatting(written)).toEqual([
      { column: 'SUM(num)', operator: '>', colorScheme: brandColors.error, targetValue: 1000, targetValueLeft: undefined, targetValueRight: undefined },
    ]);
    expect(screen.queryByTestId(testIds.explore.conditionalFormattingPopover)).toBeNull();
  });

  it('offers the metrics, percent metrics and the saved columns of the form data', () => {
    renderControl([], { ...baseFormData, percent_metrics: [sumNum] });
    fireEvent.click(screen.getByTestId(testIds.explore.addConditionalFormattingButton));
    fireEvent.focus(within(popover()).getByRole('combobox', { name: 'Column' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['SUM(num)', 'count', '%SUM(num)']);
  });

  it('offers the group-by string columns first, with the text operators of Superset 6', () => {
    const onChange = renderControl([], { ...baseFormData, groupby: ['gender'] });
    fireEvent.click(screen.getByTestId(testIds.explore.addConditionalFormattingButton));
    fireEvent.focus(within(popover()).getByRole('combobox', { name: 'Column' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['gender', 'SUM(num)', 'count']);
    fireEvent.click(screen.getByRole('option', { name: 'gender' }));
    fireEvent.focus(within(popover()).getByRole('combobox', { name: 'Operator' }));
    // '=' is chosen already; the list offers the other string operators and no numeric one.
    const operators = screen.getAllByRole('option').map((option) => option.textContent);
    expect(operators).toEqual(expect.arrayContaining(['≠', 'begins with', 'ends with', 'containing', 'not containing']));
    expect(operators.filter((operator) => ['>', '<', '≥', '≤', 'None', '< x <'].includes(operator))).toEqual([]);
    fireEvent.click(screen.getByRole('option', { name: 'begins with' }));
    expect(saveButton().disabled).toBe(true);
    type('Target value', 'bo');
    fireEvent.click(saveButton());
    const written = [{ column: 'gender', operator: 'begins with', colorScheme: 'colorSuccess', targetValue: 'bo' }];
    expect(onChange).toHaveBeenCalledWith('conditional_formatting', written);
    expect(readConditionalFormatting(written)[0]).toMatchObject({ column: 'gender', operator: 'begins with', targetText: 'bo' });
  });

  it("saves '=' on a string column with its target as text, and a numeric column goes back to the numeric operators", () => {
    const onChange = renderControl([], { ...baseFormData, groupby: ['gender'] });
    fireEvent.click(screen.getByTestId(testIds.explore.addConditionalFormattingButton));
    choose('Column', 'gender');
    type('Target value', 'girl');
    fireEvent.click(saveButton());
    expect(onChange).toHaveBeenCalledWith('conditional_formatting', [{ column: 'gender', operator: '=', colorScheme: 'colorSuccess', targetValue: 'girl' }]);

    fireEvent.click(screen.getByTestId(testIds.explore.addConditionalFormattingButton));
    choose('Column', 'gender');
    choose('Operator', 'containing');
    choose('Column', 'SUM(num)');
    fireEvent.focus(within(popover()).getByRole('combobox', { name: 'Operator' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toContain('< x <');
    expect(screen.queryByRole('option', { name: 'containing' })).toBeNull();
  });

  it('a "None" rule needs only a column', () => {
    const onChange = renderControl();
    fireEvent.click(screen.getByTestId(testIds.explore.addConditionalFormattingButton));
    choose('Column', 'count');
    expect(within(popover()).queryByLabelText('Target value')).toBeNull();
    fireEvent.click(saveButton());
    expect(onChange).toHaveBeenCalledWith('conditional_formatting', [{ column: 'count', operator: 'None', colorScheme: 'colorSuccess' }]);
  });

  it('a between operator needs both values', () => {
    const onChange = renderControl();
    fireEvent.click(screen.getByTestId(testIds.explore.addConditionalFormattingButton));
    choose('Column', 'SUM(num)');
    choose('Operator', '≤ x <');
    expect(within(popover()).queryByLabelText('Target value')).toBeNull();
    type('Left value', '10');
    expect(saveButton().disabled).toBe(true);
    type('Right value', 'abc');
    expect(saveButton().disabled).toBe(true);
    type('Right value', '20.5');
    fireEvent.click(saveButton());
    expect(onChange).toHaveBeenCalledWith('conditional_formatting', [
      { column: 'SUM(num)', operator: '≤ x <', colorScheme: 'colorSuccess', targetValueLeft: 10, targetValueRight: 20.5 },
    ]);
  });

  it('shows saved rules as chips and edits one in place', () => {
    const saved = [
      { column: 'count', operator: 'None', colorScheme: '#ff0000' },
      { column: 'SUM(num)', operator: '>', colorScheme: 'colorSuccess', targetValue: 1000 },
    ];
    const onChange = renderControl(saved);
    const chips = screen.getAllByTestId(testIds.explore.conditionalFormattingChip);
    expect(chips.map((chip) => chip.textContent)).toEqual(['count×', 'SUM(num) > 1000×']);
    fireEvent.click(screen.getByRole('button', { name: 'Edit SUM(num) > 1000' }));
    expect(within(popover()).getByLabelText<HTMLInputElement>('Target value').value).toBe('1000');
    choose('Operator', '≤');
    type('Target value', '5');
    fireEvent.click(saveButton());
    expect(onChange).toHaveBeenCalledWith('conditional_formatting', [
      saved[0],
      { column: 'SUM(num)', operator: '≤', colorScheme: 'colorSuccess', targetValue: 5 },
    ]);
  });

  it('removes a rule', () => {
    const saved = [
      { column: 'count', operator: 'None', colorScheme: 'colorWarning' },
      { column: 'SUM(num)', operator: '< x <', colorScheme: 'colorError', targetValueLeft: 1, targetValueRight: 5 },
    ];
    const onChange = renderControl(saved);
    expect(screen.getAllByTestId(testIds.explore.conditionalFormattingChip)[1]?.textContent).toBe('1 < SUM(num) < 5×');
    fireEvent.click(screen.getByRole('button', { name: 'Remove count' }));
    expect(onChange).toHaveBeenCalledWith('conditional_formatting', [saved[1]]);
  });
});

describe('conditionalFormattingRules', () => {
  it('raw mode offers the chosen columns the renderer can colour, string ones as text', () => {
    const formData: ExploreFormData = {
      datasource: '3__table',
      viz_type: 'table',
      query_mode: 'raw',
      all_columns: ['gender', 'num', { label: 'double', sqlExpression: 'num * 2', expressionType: 'SQL' }],
    };
    expect(formattableColumns(formData, dataset, () => '')).toEqual([
      { name: 'gender', isText: true },
      { name: 'num', isText: false },
      { name: 'double', isText: false },
    ]);
  });

  it('labels every operator as Superset does', () => {
    expect(formattingRuleLabel({ column: 'x', operator: '≠', targetValue: 0 })).toBe('x ≠ 0');
    expect(formattingRuleLabel({ column: 'x', operator: '< x ≤', targetValueLeft: 1, targetValueRight: 2 })).toBe('1 < x ≤ 2');
    expect(ruleOfDraft({ ...emptyRuleDraft, column: 'x', operator: '=', targetValue: ' ' })).toBeNull();
    expect(ruleOfDraft({ ...emptyRuleDraft, column: 'name', operator: 'begins with', targetValue: 'An' })).toEqual({
      column: 'name',
      operator: 'begins with',
      colorScheme: 'colorSuccess',
      targetValue: 'An',
    });
    expect(ruleOfDraft({ ...emptyRuleDraft, column: 'name', operator: 'containing', targetValue: '' })).toBeNull();
    expect(formattingRuleLabel({ column: 'name', operator: 'ends with', targetValue: 'na' })).toBe('name ends with na');
  });
});
