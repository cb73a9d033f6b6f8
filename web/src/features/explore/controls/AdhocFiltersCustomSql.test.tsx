import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdhocFilter } from '@/api/generated/AdhocFilter';
import type { Dataset } from '@/api/generated/Dataset';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { AdhocFiltersControl } from './AdhocFiltersControl';
import { dropItem, sqlEditorText, typeInSqlEditor } from './sqlEditorTesting';

const dataset = {
  id: 3,
  table_name: 'birth_names',
  database: { id: 1, database_name: 'examples', backend: 'duckdb' },
  columns: [
    { id: 1, column_name: 'state', type_generic: 1, is_dttm: false, groupby: true, filterable: true, verbose_name: null },
    { id: 2, column_name: 'num', type_generic: 0, is_dttm: false, groupby: true, filterable: true, verbose_name: null },
  ],
  metrics: [],
} as unknown as Dataset;

const whereCa: AdhocFilter = { expressionType: 'SQL', clause: 'WHERE', sqlExpression: "state = 'CA'", filterOptionName: 'filter_where' };
const numOver: AdhocFilter = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'num', operator: '>', comparator: 10, filterOptionName: 'filter_num' };

function renderControl(value: AdhocFilter[] = []): ReturnType<typeof vi.fn<(filters: AdhocFilter[]) => void>> {
  const onChange = vi.fn<(filters: AdhocFilter[]) => void>();
  renderWithTheme(<AdhocFiltersControl dataset={dataset} value={value} isInvalid={false} onChange={onChange} />);
  return onChange;
}

function chooseInEditor(selectTestId: string, label: string): void {
  const select = screen.getByTestId(selectTestId);
  fireEvent.focus(within(select).getByRole('combobox'));
  fireEvent.click(within(select).getByRole('option', { name: label }));
}

describe('AdhocFiltersControl custom SQL', () => {
  it('saves a HAVING filter from the Custom SQL tab, without subject, operator or comparator', async () => {
    const onChange = renderControl();
    fireEvent.click(screen.getByTestId(testIds.explore.addFilterButton));
    fireEvent.click(screen.getByTestId(testIds.explore.filterSqlTab));
    const save = screen.getByTestId(testIds.explore.filterSaveButton);
    expect(save).toHaveProperty('disabled', true);
    chooseInEditor(testIds.explore.filterClauseSelect, 'HAVING');
    await typeInSqlEditor(testIds.explore.filterSqlEditor, '  SUM(num) > 1000 ');
    fireEvent.click(save);

    expect(onChange).toHaveBeenCalledTimes(1);
    const [saved] = onChange.mock.calls[0]?.[0] ?? [];
    expect(saved).toEqual({
      expressionType: 'SQL',
      clause: 'HAVING',
      sqlExpression: 'SUM(num) > 1000',
      filterOptionName: expect.stringMatching(/^filter_[a-z0-9]{11}$/) as unknown,
    });
    expect(screen.queryByTestId(testIds.explore.filterEditor)).toBeNull();
  });

  it('a SQL chip reopens on the Custom SQL tab; Save updates the filter in place', async () => {
    const onChange = renderControl([numOver, whereCa]);
    expect(screen.getAllByTestId(testIds.explore.filterChip).map((chip) => chip.textContent)).toEqual(['num > 10×', "state = 'CA'×"]);
    fireEvent.click(screen.getByRole('button', { name: "Edit state = 'CA'" }));

    expect(screen.getByRole('group', { name: 'Edit filter' })).toBeTruthy();
    expect(screen.getByTestId(testIds.explore.filterSqlTab).getAttribute('aria-selected')).toBe('true');
    expect(await sqlEditorText(testIds.explore.filterSqlEditor)).toBe("state = 'CA'");
    await typeInSqlEditor(testIds.explore.filterSqlEditor, "state = 'NY'");
    fireEvent.click(screen.getByTestId(testIds.explore.filterSaveButton));

    expect(onChange).toHaveBeenCalledWith([numOver, { ...whereCa, sqlExpression: "state = 'NY'" }]);
  });

  it('a SIMPLE chip reopens with its column, operator and value; Save keeps its name and place', () => {
    const onChange = renderControl([numOver, whereCa]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit num > 10' }));
    expect(screen.getByTestId(testIds.explore.filterSimpleTab).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId(testIds.explore.filterColumnSelect).textContent).toContain('num');
    const valueInput = screen.getByTestId(testIds.explore.filterValueInput);
    expect(valueInput).toHaveProperty('value', '10');
    fireEvent.change(valueInput, { target: { value: '20' } });
    fireEvent.click(screen.getByTestId(testIds.explore.filterSaveButton));

    expect(onChange).toHaveBeenCalledWith([{ ...numOver, comparator: 20 }, whereCa]);
  });

  it('a column dropped from the datasource panel starts a filter on it', () => {
    const onChange = renderControl();
    dropItem(screen.getByTestId(testIds.explore.addFilterButton), 'column', 'state');
    expect(screen.getByTestId(testIds.explore.filterColumnSelect).textContent).toContain('state');
    fireEvent.change(screen.getByTestId(testIds.explore.filterValueInput), { target: { value: 'CA' } });
    fireEvent.click(screen.getByTestId(testIds.explore.filterSaveButton));
    expect(onChange).toHaveBeenCalledWith([expect.objectContaining({ expressionType: 'SIMPLE', subject: 'state', operator: '==', comparator: 'CA' })]);
  });
});
