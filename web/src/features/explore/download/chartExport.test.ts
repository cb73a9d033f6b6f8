import { describe, expect, it } from 'vitest';
import type { QueryContext } from '@/api/generated/QueryContext';
import type { QueryObject } from '@/api/generated/QueryObject';
import type { UserRoles } from '@/api/generated/UserRoles';
import { canExportCsv, chartExportKinds, chartExportLabels, chartExportRowLimitMax, exportQueryContext, fileNameFromDisposition } from './chartExport';

const queryContext: QueryContext = {
  datasource: { id: 3, type: 'table' },
  force: false,
  queries: [],
  result_format: 'arrow',
  result_type: 'full',
};

describe('chart exports', () => {
  it('asks the server for each format and result type', () => {
    expect(exportQueryContext(queryContext, 'csv')).toMatchObject({ result_format: 'csv', result_type: 'full' });
    expect(exportQueryContext(queryContext, 'json')).toMatchObject({ result_format: 'json', result_type: 'full' });
    expect(exportQueryContext(queryContext, 'xlsx')).toMatchObject({ result_format: 'xlsx', result_type: 'full' });
    expect(exportQueryContext(queryContext, 'pivoted_csv')).toMatchObject({ result_format: 'csv', result_type: 'post_processed' });
  });

  it('offers the pivoted CSV for pivot tables only', () => {
    expect(chartExportKinds('table')).toEqual(['csv', 'json', 'xlsx']);
    expect(chartExportKinds('pivot_table_v2')).toEqual(['csv', 'pivoted_csv', 'json', 'xlsx']);
  });

  it('offers the full .CSV and Excel after Excel for table charts and can_csv users only', () => {
    expect(chartExportKinds('table', true)).toEqual(['csv', 'json', 'xlsx', 'full_csv', 'full_xlsx']);
    expect(chartExportKinds('table', false)).toEqual(['csv', 'json', 'xlsx']);
    for (const vizType of ['pivot_table_v2', 'echarts_timeseries_bar', 'big_number_total', 'pie']) {
      expect(chartExportKinds(vizType, true)).not.toContain('full_csv');
      expect(chartExportKinds(vizType, true)).not.toContain('full_xlsx');
    }
    expect(chartExportLabels.full_csv).toBe('Export to full .CSV');
    expect(chartExportLabels.full_xlsx).toBe('Export to full Excel');
  });

  it('reads can_csv on Superset from the roles, Admin having it implicitly', () => {
    const roles = (pairs: [string, string][]): UserRoles => ({ roles: { Custom: pairs }, permissions: {} });
    expect(canExportCsv(roles([['can_read', 'Chart'], ['can_csv', 'Superset']]))).toBe(true);
    expect(canExportCsv(roles([['can_read', 'Chart']]))).toBe(false);
    expect(canExportCsv(roles([['can_csv', 'Chart']]))).toBe(false);
    expect(canExportCsv(undefined)).toBe(false);
    // Admin holds every permission without listing it.
    expect(canExportCsv({ roles: { Admin: [] }, permissions: {} })).toBe(true);
  });

  describe('full exports', () => {
    const query = {
      columns: ['name', 'state'],
      metrics: [],
      filters: [{ col: 'gender', op: '==', val: 'boy' }],
      extras: { where: 'num > 10' },
      orderby: [],
      row_limit: 10,
      row_offset: 0,
      order_desc: true,
      series_columns: [],
      is_timeseries: false,
      time_range: 'No filter',
      time_offsets: [],
    } as unknown as QueryObject;
    const aggregateQuery = { ...query, columns: ['gender'], metrics: ['count'], orderby: [['count', false]] } as unknown as QueryObject;
    const tableContext: QueryContext = {
      ...queryContext,
      queries: [query],
      form_data: { viz_type: 'table', query_mode: 'raw', row_limit: 10, adhoc_filters: [] },
    };

    it('lift every query\'s row limit to the maximum and keep its filters, metrics and columns', () => {
      for (const kind of ['full_csv', 'full_xlsx'] as const) {
        for (const source of [query, aggregateQuery]) {
          const exported = exportQueryContext({ ...tableContext, queries: [source] }, kind);
          expect(exported.queries).toEqual([{ ...source, row_limit: chartExportRowLimitMax }]);
          expect(exported.queries[0]?.filters).toEqual(source.filters);
          expect(exported.queries[0]?.metrics).toEqual(source.metrics);
          expect(exported.queries[0]?.columns).toEqual(source.columns);
          expect(exported.queries[0]?.extras).toEqual(source.extras);
        }
      }
      expect(chartExportRowLimitMax).toBe(100_000);
    });

    it('ask for CSV and Excel full results; the form data says the lifted limit too', () => {
      expect(exportQueryContext(tableContext, 'full_csv')).toMatchObject({
        result_format: 'csv',
        result_type: 'full',
        form_data: { viz_type: 'table', query_mode: 'raw', row_limit: chartExportRowLimitMax },
      });
      expect(exportQueryContext(tableContext, 'full_xlsx')).toMatchObject({ result_format: 'xlsx', result_type: 'full' });
      expect(exportQueryContext({ ...tableContext, form_data: undefined }, 'full_csv').form_data).toBeUndefined();
    });

    it('leave the row limit of the other exports alone', () => {
      for (const kind of ['csv', 'json', 'xlsx', 'pivoted_csv'] as const) {
        expect(exportQueryContext(tableContext, kind).queries).toEqual([query]);
        expect(exportQueryContext(tableContext, kind).form_data).toEqual(tableContext.form_data);
      }
    });
  });

  it('names the file from Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="birth_names.csv"', 'chart.csv')).toBe('birth_names.csv');
    expect(fileNameFromDisposition(null, 'chart.json')).toBe('chart.json');
    expect(fileNameFromDisposition('inline', 'chart.json')).toBe('chart.json');
  });
});
