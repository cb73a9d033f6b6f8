import type { QueryClient } from '@tanstack/react-query';
import { fetchColumnValues } from '@/api/columnValues';
import { queryKeys } from '@/api/queryKeys';
import type { FetchSelectOptionsPage } from '@/components/AsyncSelect';
import type { SelectOption } from '@/components/Select';

/** How long a column's fetched values are reused, as the dashboard's filters reuse them. */
const columnValuesStaleMs = 60_000;

/** A column value as an option: `"CA"` and `3` as themselves; null (IS NULL's job) and objects are left out. */
export function columnValueOptions(values: readonly unknown[]): SelectOption[] {
  return values.flatMap((value) => {
    const isScalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    return isScalar ? [{ value: String(value), label: String(value) }] : [];
  });
}

/**
 * The value suggestions of a filter on `column`. The values endpoint answers every value at once
 * and searches nothing, so the list is fetched once (shared with the dashboard's filters through
 * React Query), searched here in the browser and handed out 100 at a time.
 */
export function columnValuesPageFetcher(queryClient: QueryClient, datasetId: number, column: string): FetchSelectOptionsPage {
  return async ({ search, page, pageSize }) => {
    const values = await queryClient.query({
      queryKey: queryKeys.columnValues(datasetId, column),
      queryFn: ({ signal }) => fetchColumnValues(datasetId, column, signal),
      staleTime: columnValuesStaleMs,
    });
    const needle = search.toLowerCase();
    const matching = columnValueOptions(values).filter((option) => option.label.toLowerCase().includes(needle));
    return { options: matching.slice(page * pageSize, (page + 1) * pageSize), totalCount: matching.length };
  };
}
