import { describe, expect, it } from 'vitest';
import type { ColumnRef } from '@/api/generated/ColumnRef';
import { columnRefLabel, readColumnRefs, sqlAdhocColumn, withChosenPhysicalColumns } from './adhocColumns';

const upper: ColumnRef = { sqlExpression: 'UPPER(gender)', label: 'GENDER_UP', expressionType: 'SQL' };

describe('adhoc columns', () => {
  it('reads physical names and adhoc columns, in order, and nothing else', () => {
    expect(readColumnRefs(['state', upper, 3, null, { label: 'x' }])).toEqual(['state', upper]);
    expect(readColumnRefs('state')).toEqual([]);
  });

  it('labels by the typed label, else the expression', () => {
    expect(sqlAdhocColumn(' UPPER(gender) ', ' GENDER_UP ')).toEqual(upper);
    expect(sqlAdhocColumn('UPPER(gender)', '')).toEqual({ sqlExpression: 'UPPER(gender)', label: 'UPPER(gender)', expressionType: 'SQL' });
    expect(columnRefLabel(upper)).toBe('GENDER_UP');
    expect(columnRefLabel({ sqlExpression: 'a || b' })).toBe('a || b');
    expect(columnRefLabel('state')).toBe('state');
  });

  it('keeps adhoc columns in place when the physical choice changes', () => {
    expect(withChosenPhysicalColumns(['state', upper, 'name'], ['name', 'gender'])).toEqual([upper, 'name', 'gender']);
    expect(withChosenPhysicalColumns([upper], [])).toEqual([upper]);
  });
});
