import { describe, expect, it } from 'vitest';
import type { FormData } from '@/api/generated/FormData';
import { drillValueColumn, drillValueFilter } from './api';

const decadeColumn = { sqlExpression: 'FLOOR(year / 10) * 10', label: 'decade', expressionType: 'SQL' };
const formData = { datasource: '3__table', viz_type: 'pie', groupby: ['state', decadeColumn], x_axis: 'ds' } as FormData;

describe('drill values as filters', () => {
  it("filters an adhoc group-by by its SQL column and anything else by the column's name", () => {
    expect(drillValueColumn(formData, 'decade')).toEqual(decadeColumn);
    expect(drillValueColumn(formData, 'state')).toBe('state');
    expect(drillValueColumn(formData, 'gender')).toBe('gender');
  });

  it('uses == for a value and IS NULL for a null', () => {
    expect(drillValueFilter(formData, { column: 'decade', value: 1990, label: '1990' })).toEqual({ col: decadeColumn, op: '==', val: 1990 });
    expect(drillValueFilter(formData, { column: 'state', value: null, label: '<NULL>' })).toEqual({ col: 'state', op: 'IS NULL' });
  });

  it('filters a time axis point by its period as a TEMPORAL_RANGE', () => {
    const drilled = { column: 'ds', value: Date.UTC(1965, 0, 1), label: '1965', timeRange: '1965-01-01T00:00:00 : 1966-01-01T00:00:00' };
    expect(drillValueFilter(formData, drilled)).toEqual({ col: 'ds', op: 'TEMPORAL_RANGE', val: '1965-01-01T00:00:00 : 1966-01-01T00:00:00' });
  });
});
