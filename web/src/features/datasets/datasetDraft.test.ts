import { describe, expect, it } from 'vitest';
import { birthNames } from './datasetTestData';
import { datasetDraftOf, datasetPutOf, draftValidationErrors, itemAnnotationsOf, newCalculatedColumnDraft, newMetricDraft, sqlChanged } from './datasetDraft';

describe('the Edit Dataset save payload (spec 001 section 3)', () => {
  it('sends the dataset fields with empty texts as null and the owners as ids', () => {
    const draft = { ...datasetDraftOf(birthNames()), cache_timeout: '', offset: '2', description: 'Births' };
    const put = datasetPutOf(draft);
    expect(put).toMatchObject({
      table_name: 'birth_names',
      database_id: 1,
      sql: '',
      schema: 'main',
      description: 'Births',
      main_dttm_col: 'ds',
      cache_timeout: null,
      offset: '2',
      filter_select_enabled: true,
      normalize_columns: false,
      always_filter_main_dttm: false,
      is_sqllab_view: false,
      is_managed_externally: false,
      owners: [1],
    });
    expect(datasetPutOf({ ...draft, cache_timeout: '600' }).cache_timeout).toBe('600');
  });

  it('sends the catalog only for a database that allows several catalogs', () => {
    const single = datasetPutOf(datasetDraftOf(birthNames({ catalog: 'main_catalog' })));
    expect('catalog' in single).toBe(false);
    const multi = birthNames({ catalog: 'sales', database: { id: 1, database_name: 'examples', backend: 'postgresql', allow_multi_catalog: true } });
    expect(datasetPutOf(datasetDraftOf(multi)).catalog).toBe('sales');
  });

  it('sends ids only when numeric, empty d3format and python_date_format as null, and certification and warning in extra', () => {
    const draft = datasetDraftOf(birthNames());
    const metric = { ...newMetricDraft(), metric_name: 'sum_num', expression: 'SUM(num)', d3format: '', certified_by: 'Ada', certification_details: 'Audited', warning_markdown: 'Rounded' };
    const column = { ...newCalculatedColumnDraft(), column_name: 'num_half', expression: 'num / 2', python_date_format: '' };
    const put = datasetPutOf({ ...draft, metrics: [...draft.metrics, metric], columns: [...draft.columns, column] });

    expect(put.metrics?.map((item) => item.id)).toEqual([20, undefined]);
    expect(put.metrics?.[1]).not.toHaveProperty('id');
    expect(put.metrics?.[1]?.d3format).toBeNull();
    expect(JSON.parse(put.metrics?.[1]?.extra ?? '')).toEqual({ certification: { certified_by: 'Ada', details: 'Audited' }, warning_markdown: 'Rounded' });
    expect(JSON.parse(put.metrics?.[0]?.extra ?? '')).toEqual({ warning_markdown: 'Counts rows' });

    expect(put.columns?.map((item) => item.id)).toEqual([10, 11, undefined]);
    expect(put.columns?.[2]).not.toHaveProperty('id');
    expect(put.columns?.[2]?.python_date_format).toBeNull();
    // The keys the editor does not show are kept.
    expect(JSON.parse(put.columns?.[0]?.extra ?? '')).toEqual({ owner: 'ops', certification: { certified_by: 'Data team', details: 'Checked' } });
    expect(JSON.parse(put.columns?.[1]?.extra ?? '')).toEqual({});
  });

  it('reads certification and warning out of extra', () => {
    expect(itemAnnotationsOf('{"certification": {"certified_by": "Ada", "details": "ok"}, "warning_markdown": "careful"}')).toEqual({
      certified_by: 'Ada',
      certification_details: 'ok',
      warning_markdown: 'careful',
      otherExtra: {},
    });
    expect(itemAnnotationsOf('not json')).toEqual({ certified_by: '', certification_details: '', warning_markdown: '', otherExtra: {} });
  });

  it('asks to override the columns only when the SQL changed', () => {
    const virtual = birthNames({ kind: 'virtual', sql: 'SELECT 1 AS a' });
    const draft = datasetDraftOf(virtual);
    expect(sqlChanged(virtual, draft)).toBe(false);
    expect(sqlChanged(virtual, { ...draft, sql: 'SELECT 2 AS a' })).toBe(true);
    expect(sqlChanged(birthNames(), datasetDraftOf(birthNames()))).toBe(false);
  });
});

describe('the Edit Dataset validation (spec 001 section 5)', () => {
  it("says 'is expected to be an integer' for a number that is not whole", () => {
    const draft = datasetDraftOf(birthNames());
    expect(draftValidationErrors(draft)).toEqual([]);
    expect(draftValidationErrors({ ...draft, cache_timeout: '1.5' })).toEqual(['Cache timeout is expected to be an integer']);
    expect(draftValidationErrors({ ...draft, offset: 'two' })).toEqual(['Hours offset is expected to be an integer']);
  });

  it('names duplicated metrics and columns and calculated columns without an expression', () => {
    const draft = datasetDraftOf(birthNames());
    const duplicateMetric = { ...newMetricDraft(), metric_name: 'count', expression: 'COUNT(1)' };
    const emptyCalculated = { ...newCalculatedColumnDraft(), column_name: 'later' };
    expect(draftValidationErrors({ ...draft, metrics: [...draft.metrics, duplicateMetric], columns: [...draft.columns, emptyCalculated] })).toEqual([
      'Metric name [count] is duplicated',
      'Calculated column [later] requires an expression',
    ]);
  });
});
