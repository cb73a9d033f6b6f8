import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ColumnRef } from '@/api/generated/ColumnRef';
import type { Dataset } from '@/api/generated/Dataset';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { ColumnControl } from './ColumnControl';
import { dropItem, sqlEditorText, typeInSqlEditor } from './sqlEditorTesting';

const dataset = {
  id: 3,
  table_name: 'birth_names',
  database: { id: 1, database_name: 'examples', backend: 'duckdb' },
  columns: [
    { id: 1, column_name: 'gender', type_generic: 1, is_dttm: false, groupby: true, filterable: true, verbose_name: null },
    { id: 2, column_name: 'state', type_generic: 1, is_dttm: false, groupby: true, filterable: true, verbose_name: null },
    { id: 3, column_name: 'num', type_generic: 0, is_dttm: false, groupby: false, filterable: true, verbose_name: null },
  ],
  metrics: [],
} as unknown as Dataset;

const genderUp: ColumnRef = { sqlExpression: 'UPPER(gender)', label: 'GENDER_UP', expressionType: 'SQL' };

function renderControl(value: unknown, isMulti = true): ReturnType<typeof vi.fn<(value: ColumnRef[] | string | null) => void>> {
  const onChange = vi.fn<(value: ColumnRef[] | string | null) => void>();
  renderWithTheme(
    <ColumnControl dataset={dataset} label="Dimensions" isMulti={isMulti} prefersTemporal={false} value={value} isInvalid={false} onChange={onChange} />,
  );
  return onChange;
}

describe('ColumnControl', () => {
  it('adds a custom SQL column with its label after the chosen columns', async () => {
    const onChange = renderControl(['state']);
    fireEvent.click(screen.getByTestId(testIds.explore.addColumnButton));
    fireEvent.click(screen.getByTestId(testIds.explore.columnSqlTab));
    const save = screen.getByTestId(testIds.explore.columnSaveButton);
    expect(save).toHaveProperty('disabled', true);
    await typeInSqlEditor(testIds.explore.columnSqlEditor, 'UPPER(gender)');
    fireEvent.change(screen.getByTestId(testIds.explore.columnLabelInput), { target: { value: ' GENDER_UP ' } });
    fireEvent.click(save);
    expect(onChange).toHaveBeenCalledWith(['state', genderUp]);
    expect(screen.queryByTestId(testIds.explore.columnPopover)).toBeNull();
  });

  it('labels a custom SQL column with its expression when no label is typed', async () => {
    const onChange = renderControl([]);
    fireEvent.click(screen.getByTestId(testIds.explore.addColumnButton));
    fireEvent.click(screen.getByTestId(testIds.explore.columnSqlTab));
    await typeInSqlEditor(testIds.explore.columnSqlEditor, 'LOWER(state)');
    fireEvent.click(screen.getByTestId(testIds.explore.columnSaveButton));
    expect(onChange).toHaveBeenCalledWith([{ sqlExpression: 'LOWER(state)', label: 'LOWER(state)', expressionType: 'SQL' }]);
  });

  it('shows adhoc columns as chips by label; a chip reopens its SQL and Save replaces it in place', async () => {
    const onChange = renderControl(['state', genderUp, 'gender']);
    expect(screen.getAllByTestId(testIds.explore.adhocColumnChip).map((chip) => chip.textContent)).toEqual(['GENDER_UP×']);
    fireEvent.click(screen.getByRole('button', { name: 'Edit GENDER_UP' }));
    expect(screen.getByTestId(testIds.explore.columnSqlTab).getAttribute('aria-selected')).toBe('true');
    expect(await sqlEditorText(testIds.explore.columnSqlEditor)).toBe('UPPER(gender)');
    expect(screen.getByTestId(testIds.explore.columnLabelInput)).toHaveProperty('value', 'GENDER_UP');
    await typeInSqlEditor(testIds.explore.columnSqlEditor, 'LOWER(gender)');
    fireEvent.click(screen.getByTestId(testIds.explore.columnSaveButton));
    expect(onChange).toHaveBeenCalledWith(['state', { ...genderUp, sqlExpression: 'LOWER(gender)' }, 'gender']);
  });

  it('the column select keeps adhoc columns where they are; a chip removes its column', () => {
    const onChange = renderControl(['state', genderUp]);
    const select = screen.getByRole('combobox', { name: 'Dimensions' });
    fireEvent.focus(select);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'gender' }));
    expect(onChange).toHaveBeenLastCalledWith(['state', genderUp, 'gender']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove GENDER_UP' }));
    expect(onChange).toHaveBeenLastCalledWith(['state']);
  });

  it('the Simple tab adds a dataset column', () => {
    const onChange = renderControl([genderUp]);
    fireEvent.click(screen.getByTestId(testIds.explore.addColumnButton));
    const simple = screen.getByTestId(testIds.explore.columnSimpleSelect);
    fireEvent.focus(within(simple).getByRole('combobox'));
    fireEvent.click(within(simple).getByRole('option', { name: 'state' }));
    fireEvent.click(screen.getByTestId(testIds.explore.columnSaveButton));
    expect(onChange).toHaveBeenCalledWith([genderUp, 'state']);
  });

  it('takes a groupable column dropped from the datasource panel, once', () => {
    const onChange = renderControl(['state']);
    const zone = screen.getByTestId(testIds.explore.addColumnButton);
    dropItem(zone, 'column', 'gender');
    expect(onChange).toHaveBeenLastCalledWith(['state', 'gender']);
    dropItem(zone, 'column', 'state');
    dropItem(zone, 'column', 'num');
    dropItem(zone, 'metric', 'count');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('a single column control takes a dropped column as its value', () => {
    const onChange = renderControl(null, false);
    dropItem(screen.getByRole('combobox', { name: 'Dimensions' }), 'column', 'gender');
    expect(onChange).toHaveBeenCalledWith('gender');
  });
});
