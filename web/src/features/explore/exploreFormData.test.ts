import { describe, expect, it } from 'vitest';
import type { Dataset } from '@/api/generated/Dataset';
import {
  hasQueryControls,
  initialExploreFormData,
  readMetrics,
  readRowLimit,
  readStringList,
  provisionalMetricLabel,
  simpleAdhocMetric,
} from './exploreFormData';

const dataset = { id: 3, table_name: 'birth_names' } as Dataset;

describe('initialExploreFormData', () => {
  it('fills the table defaults and the datasource', () => {
    expect(initialExploreFormData(dataset, { datasource: '', viz_type: '' })).toEqual({
      datasource: '3__table',
      viz_type: 'table',
      query_mode: 'aggregate',
      groupby: [],
      metrics: [],
      row_limit: 1000,
      time_range: 'No filter',
    });
  });

  it('keeps what the server sent, including keys outside the typed core', () => {
    const serverFormData = { datasource: '3__table', viz_type: 'table', row_limit: 50, groupby: ['state'] };
    const formData = initialExploreFormData(dataset, serverFormData);
    expect(formData.row_limit).toBe(50);
    expect(readStringList(formData, 'groupby')).toEqual(['state']);
    expect(hasQueryControls(formData)).toBe(true);
  });
});

describe('simpleAdhocMetric', () => {
  it('builds the spec shape with a metric_ option name', () => {
    expect(simpleAdhocMetric('num', 'SUM', 'abc123def45')).toEqual({
      expressionType: 'SIMPLE',
      column: { column_name: 'num' },
      aggregate: 'SUM',
      label: 'SUM(num)',
      hasCustomLabel: false,
      optionName: 'metric_abc123def45',
    });
    expect(simpleAdhocMetric('num', 'SUM').optionName).toMatch(/^metric_[a-z0-9]{11}$/);
  });
});

describe('reading controls', () => {
  it('labels saved and adhoc metrics before the core has loaded', () => {
    expect(provisionalMetricLabel('count')).toBe('count');
    expect(provisionalMetricLabel(simpleAdhocMetric('num', 'MAX'))).toBe('MAX(num)');
    expect(provisionalMetricLabel({ expressionType: 'SQL', sqlExpression: 'SUM(num) / 2', hasCustomLabel: false })).toBe('SUM(num) / 2');
  });

  it('drops values of the wrong shape', () => {
    const formData = { datasource: '3__table', viz_type: 'table', metrics: ['count', 7, null], row_limit: -5, groupby: 'state' };
    expect(readMetrics(formData)).toEqual(['count']);
    expect(readRowLimit(formData)).toBe(1000);
    expect(readStringList(formData, 'groupby')).toEqual([]);
    expect(hasQueryControls({ datasource: '3__table', viz_type: 'table' })).toBe(false);
    expect(hasQueryControls({ datasource: '3__table', viz_type: 'table', query_mode: 'raw', all_columns: ['name'] })).toBe(true);
    expect(hasQueryControls({ datasource: '3__table', viz_type: 'bubble_v2', x: 'count', y: 'count', size: 'count' })).toBe(true);
    expect(hasQueryControls({ datasource: '3__table', viz_type: 'histogram_v2', column: 'num' })).toBe(true);
  });
});
