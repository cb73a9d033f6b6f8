import { describe, expect, it } from 'vitest';
import { sortResultRows } from './resultSort';

const columns = [{ name: 'name' }, { name: 'num' }];
const rows = [
  { name: 'Mia', num: 9 },
  { name: 'Ada', num: null },
  { name: null, num: 100 },
  { name: 'Zoe', num: 10 },
  { name: 'Bob', num: 9 },
];

function column(sorted: readonly Record<string, unknown>[], name: string): unknown[] {
  return sorted.map((row) => row[name]);
}

describe('sortResultRows', () => {
  it('keeps the rows as run when unsorted', () => {
    expect(sortResultRows(columns, rows, null)).toBe(rows);
  });

  it('sorts numbers by value (9 before 10 before 100), nulls last, ties in run order', () => {
    const ascending = sortResultRows(columns, rows, { columnIndex: 1, direction: 'ascending' });
    expect(column(ascending, 'num')).toEqual([9, 9, 10, 100, null]);
    expect(column(ascending, 'name')).toEqual(['Mia', 'Bob', 'Zoe', null, 'Ada']);
  });

  it('sorts descending with nulls still last', () => {
    expect(column(sortResultRows(columns, rows, { columnIndex: 1, direction: 'descending' }), 'num')).toEqual([100, 10, 9, 9, null]);
    expect(column(sortResultRows(columns, rows, { columnIndex: 0, direction: 'descending' }), 'name')).toEqual(['Zoe', 'Mia', 'Bob', 'Ada', null]);
  });

  it('sorts text alphabetically', () => {
    expect(column(sortResultRows(columns, rows, { columnIndex: 0, direction: 'ascending' }), 'name')).toEqual(['Ada', 'Bob', 'Mia', 'Zoe', null]);
  });
});
