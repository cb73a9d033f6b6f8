import { describe, expect, it } from 'vitest';
import type { ChartColumn } from '@/features/chart/chartColumns';
import { searchRowIndexes } from './searchRows';

const columns: ChartColumn[] = [
  { name: 'name', genericType: 1, values: ['Aaron', 'Sarah', null, 'Mary'] },
  { name: 'ds', genericType: 2, values: [1199145600000, 946684800000, 946684800000, null] },
  { name: 'num', genericType: 0, values: [123, 45, 1234, 7] },
];

describe('searchRowIndexes', () => {
  it('matches any cell, case-insensitively', () => {
    expect(searchRowIndexes(columns, [0, 1, 2, 3], 'aRA')).toEqual([1]);
    expect(searchRowIndexes(columns, [0, 1, 2, 3], '123')).toEqual([0, 2]);
    expect(searchRowIndexes(columns, [0, 1, 2, 3], 'ar')).toEqual([0, 1, 3]);
  });

  it('matches temporal cells as shown and keeps the given order', () => {
    expect(searchRowIndexes(columns, [3, 2, 1, 0], '2000-01')).toEqual([2, 1]);
  });

  it('keeps every row for an empty search', () => {
    expect(searchRowIndexes(columns, [2, 0], '  ')).toEqual([2, 0]);
  });
});
