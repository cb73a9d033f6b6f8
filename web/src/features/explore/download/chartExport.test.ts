import { describe, expect, it } from 'vitest';
import type { QueryContext } from '@/api/generated/QueryContext';
import { chartExportKinds, exportQueryContext, fileNameFromDisposition } from './chartExport';

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

  it('names the file from Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="birth_names.csv"', 'chart.csv')).toBe('birth_names.csv');
    expect(fileNameFromDisposition(null, 'chart.json')).toBe('chart.json');
    expect(fileNameFromDisposition('inline', 'chart.json')).toBe('chart.json');
  });
});
