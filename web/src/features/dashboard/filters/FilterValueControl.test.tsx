import { fireEvent, screen, waitFor } from '@testing-library/react';
import { tableFromArrays } from 'apache-arrow';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chartResultMeta } from '@/api/chartDataTestResults';
import type { ExtraFormData } from '@/api/generated/ExtraFormData';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { renderWithTheme } from '@/testRendering';
import type { FilterValuesOrder } from '@/wasm/nativeFilters';
import { newFilterDraft } from './filterDrafts';
import { FilterValueControl } from './FilterValueControl';

const optionsQueries = vi.hoisted((): { column: string; masks: Record<string, ExtraFormData>; order: FilterValuesOrder | undefined }[] => []);
const columnValueCalls = vi.hoisted((): string[] => []);

vi.mock('@/wasm/nativeFilters', () => ({
  loadNativeFilterRules: () =>
    Promise.resolve({
      filterOptionsQueryContext: (_datasetId: number, column: string, _parentIds: string[], masks: Record<string, ExtraFormData>, order?: FilterValuesOrder) => {
        optionsQueries.push({ column, masks, order });
        return { datasource: { id: 3, type: 'table' }, queries: [] };
      },
    }),
}));

vi.mock('@/api/columnValues', () => ({
  fetchColumnValues: (_datasetId: number, column: string) => {
    columnValueCalls.push(column);
    return Promise.resolve(['CA', 'NY', 'TX']);
  },
}));

vi.mock('@/api/chartData', () => ({
  // The server's answer to the options query: the states by count, or those matching the search.
  fetchChartData: () => {
    const order = optionsQueries.at(-1)?.order;
    const states = order?.search === 'n' ? ['NY', 'NJ'] : ['TX', 'CA', 'NY'];
    return Promise.resolve([{ meta: chartResultMeta(['state'], [1], states.length), table: tableFromArrays({ state: states }) }]);
  },
}));

function stateFilter(controlValues: Record<string, unknown>, sortMetric?: string): NativeFilter {
  return {
    ...newFilterDraft(),
    id: 'NATIVE_FILTER-state',
    name: 'State',
    targets: [{ datasetId: 3, column: { name: 'state' } }],
    controlValues,
    ...(sortMetric === undefined ? {} : { sortMetric }),
  };
}

function renderControl(filter: NativeFilter): void {
  renderWithTheme(<FilterValueControl filter={filter} mask={undefined} parentMasks={{}} idOrSlug="1" onChange={vi.fn()} />);
}

async function shownOptions(): Promise<(string | null)[]> {
  fireEvent.click(screen.getByRole('combobox'));
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(0));
  return screen.getAllByRole('option').map((option) => option.textContent);
}

beforeEach(() => {
  optionsQueries.length = 0;
  columnValueCalls.length = 0;
});

describe('FilterValueControl: a Value filter', () => {
  it('lists the column values in descending order for "Sort descending"', async () => {
    renderControl(stateFilter({ sortAscending: false, multiSelect: false }));
    expect(await shownOptions()).toEqual(['TX', 'NY', 'CA']);
    expect(columnValueCalls).toEqual(['state']);
    expect(optionsQueries).toEqual([]);
  });

  it("lists the values in the sort metric's order from the options query", async () => {
    renderControl(stateFilter({ sortAscending: false, multiSelect: false }, 'count'));
    expect(await shownOptions()).toEqual(['TX', 'CA', 'NY']);
    expect(optionsQueries[0]).toEqual({ column: 'state', masks: {}, order: { sortAscending: false, sortMetric: 'count' } });
  });

  it('searches the server after typing pauses with "Dynamically search all filter values"', async () => {
    renderControl(stateFilter({ searchAllOptions: true, multiSelect: false }));
    expect(await shownOptions()).toEqual(['CA', 'NY', 'TX']);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'n' } });
    await waitFor(() => expect(optionsQueries.at(-1)?.order).toEqual({ search: 'n' }));
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['NY', 'NJ']));
  });
});
