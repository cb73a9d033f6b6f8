import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getJson } from '@/api/client';
import type { ApiError } from '@/api/errors';
import type { ChartListItem } from '@/api/generated/ChartListItem';
import type { ListPageResponse } from '@/api/generated/ListPageResponse';
import { queryKeys } from '@/api/queryKeys';

/** The saved line charts by name, one page of 100, as Superset's annotation popover lists them. */
export const lineChartChoicesQuery = '(filters:!((col:viz_type,opr:eq,value:echarts_timeseries_line)),order_column:slice_name,order_direction:asc,page:0,page_size:100)';

/** The charts a time series annotation layer can come from; fetched only while `isEnabled`. */
export function useLineChartChoices(isEnabled: boolean): UseQueryResult<ChartListItem[], ApiError> {
  return useQuery({
    queryKey: queryKeys.annotationSourceCharts,
    queryFn: async ({ signal }) => (await getJson<ListPageResponse<ChartListItem>>(`/api/v1/chart/?q=${encodeURIComponent(lineChartChoicesQuery)}`, signal)).result,
    enabled: isEnabled,
    retry: false,
  });
}
