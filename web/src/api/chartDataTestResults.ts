import type { ChartDataResultMeta } from './generated/ChartDataResultMeta';

/** A successful chart data result's meta for tests: the columns, their generic types, the row count and the SQL. */
export function chartResultMeta(
  colnames: string[],
  coltypes: ChartDataResultMeta['coltypes'],
  rowcount: number,
  query = 'SELECT ...',
): ChartDataResultMeta {
  return {
    colnames,
    coltypes,
    rowcount,
    sql_rowcount: rowcount,
    is_cached: false,
    cached_dttm: null,
    cache_key: null,
    cache_timeout: null,
    query,
    status: 'success',
    stacktrace: null,
    from_dttm: null,
    to_dttm: null,
    applied_filters: [],
    rejected_filters: [],
    error: null,
    annotation_data: {},
    label_map: {},
  };
}
