import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { AdhocFilter } from '@/api/generated/AdhocFilter';
import type { Dataset } from '@/api/generated/Dataset';
import { fastSearchDebounceMs } from '@/components/selectLimits';
import { listedOptionCount, scrollListToEnd } from '@/components/selectListTesting';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { AdhocFiltersControl } from './AdhocFiltersControl';

const dataset = {
  id: 3,
  table_name: 'birth_names',
  columns: [
    { id: 1, column_name: 'name', type_generic: 1, is_dttm: false, groupby: true, filterable: true, verbose_name: null },
    { id: 2, column_name: 'num', type_generic: 0, is_dttm: false, groupby: true, filterable: true, verbose_name: null },
  ],
  metrics: [],
} as unknown as Dataset;

/** `name` has 250 values, `name 000` to `name 249`, after a null; `num` fails with a server error. */
const nameValues = [null, ...Array.from({ length: 250 }, (_, index) => `name ${String(index).padStart(3, '0')}`)];

let fetchMock: Mock<(path: string) => Promise<Response>>;

beforeEach(() => {
  fetchMock = vi.fn((path: string) => {
    if (path === '/api/v1/datasource/table/3/column/name/values/') return Promise.resolve(Response.json({ result: nameValues }));
    return Promise.resolve(Response.json({ message: 'Server error' }, { status: 500 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderControl(): Mock<(filters: AdhocFilter[]) => void> {
  const onChange = vi.fn<(filters: AdhocFilter[]) => void>();
  renderWithTheme(<AdhocFiltersControl dataset={dataset} value={[]} isInvalid={false} onChange={onChange} />);
  return onChange;
}

function chooseInEditor(selectTestId: string, label: string): void {
  const select = screen.getByTestId(selectTestId);
  fireEvent.focus(within(select).getByRole('combobox'));
  fireEvent.click(within(select).getByRole('option', { name: label }));
}

/** Opens the editor and picks the column and the IN operator; answers the value select's combobox. */
function startInFilter(column: string, operator = 'In'): HTMLElement {
  fireEvent.click(screen.getByTestId(testIds.explore.addFilterButton));
  chooseInEditor(testIds.explore.filterColumnSelect, column);
  chooseInEditor(testIds.explore.filterOperatorSelect, operator);
  return within(screen.getByTestId(testIds.explore.filterValuesSelect)).getByRole('combobox');
}

describe('AdhocFiltersControl', () => {
  it('IN: pasted text splits into values and saves a list comparator', () => {
    const onChange = renderControl();
    const values = startInFilter('name');
    fireEvent.paste(values, { clipboardData: { getData: () => 'a,b;c\td\r\ne\nf' } });
    const tags = screen.getAllByTestId(testIds.select.tag).map((tag) => tag.getAttribute('data-value'));
    expect(tags).toEqual(['a', 'b', 'c', 'd']);
    expect(screen.getByTestId(testIds.select.moreTags).textContent).toBe('+ 2 ...');
    fireEvent.click(screen.getByTestId(testIds.explore.filterSaveButton));
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'name', operator: 'IN', comparator: ['a', 'b', 'c', 'd', 'e', 'f'] }),
    ]);
  });

  it('NOT IN on a numeric column stores numbers, as typed text did', () => {
    const onChange = renderControl();
    const values = startInFilter('num', 'Not in');
    fireEvent.paste(values, { clipboardData: { getData: () => '1;2' } });
    fireEvent.click(screen.getByTestId(testIds.explore.filterSaveButton));
    expect(onChange).toHaveBeenCalledWith([expect.objectContaining({ subject: 'num', operator: 'NOT IN', comparator: [1, 2] })]);
  });

  it('suggests the column values 100 at a time, without null, fetched once', async () => {
    renderControl();
    const values = startInFilter('name');
    fireEvent.focus(values);
    expect(await screen.findByRole('option', { name: 'name 000' })).toBeTruthy();
    const listbox = screen.getByRole('listbox', { name: 'Filter values' });
    expect(listedOptionCount(listbox)).toBe(100);
    scrollListToEnd(listbox);
    await waitFor(() => expect(listedOptionCount(listbox)).toBe(200));
    scrollListToEnd(listbox);
    fireEvent.click(await screen.findByRole('option', { name: 'name 199' }));
    expect(screen.getAllByTestId(testIds.select.tag).map((tag) => tag.getAttribute('data-value'))).toEqual(['name 199']);
    const valueRequests = fetchMock.mock.calls.filter(([path]) => path.includes('/values/'));
    expect(valueRequests).toHaveLength(1);
  });

  it('searches the values after the fast debounce (250 ms)', async () => {
    renderControl();
    const values = startInFilter('name');
    vi.useFakeTimers();
    fireEvent.focus(values);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(listedOptionCount(screen.getByRole('listbox', { name: 'Filter values' }))).toBe(100);
    fireEvent.change(values, { target: { value: 'name 24' } });
    await act(() => vi.advanceTimersByTimeAsync(fastSearchDebounceMs - 1));
    // The typed text is offered as a new value at once; the suggestions wait for the debounce.
    expect(screen.getAllByRole('option').slice(0, 2).map((option) => option.textContent)).toEqual(['name 24', 'name 000']);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const shown = screen.getAllByRole('option').map((option) => option.textContent);
    expect(shown).toEqual(['name 24', 'name 240', 'name 241', 'name 242', 'name 243', 'name 244', 'name 245', 'name 246', 'name 247', 'name 248', 'name 249']);
  });

  it('shows a failed values load inside the dropdown and still takes typed values', async () => {
    renderControl();
    const values = startInFilter('num');
    fireEvent.focus(values);
    const error = await screen.findByTestId(testIds.select.loadError);
    expect(error.textContent).toBe('Server error');
    expect(screen.getByRole('listbox', { name: 'Filter values' }).contains(error)).toBe(true);
    fireEvent.change(values, { target: { value: '7' } });
    fireEvent.keyDown(values, { key: 'Enter' });
    expect(screen.getAllByTestId(testIds.select.tag).map((tag) => tag.getAttribute('data-value'))).toEqual(['7']);
  });
});
