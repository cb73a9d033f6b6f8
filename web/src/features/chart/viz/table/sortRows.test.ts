import { describe, expect, it } from 'vitest';
import type { ChartColumn } from '@/features/chart/chartColumns';
import { nextColumnSort, nextColumnSorts, sortRowIndexes, sortRowIndexesBy, type ColumnSort } from './sortRows';

const columns: ChartColumn[] = [
  { name: 'state', genericType: 1, values: ['NY', 'CA', null, 'TX'] },
  { name: 'SUM(num)', genericType: 0, values: [10, 2n ** 60n, 7, null] },
];

describe('sortRowIndexes', () => {
  it('keeps the query order when unsorted', () => {
    expect(sortRowIndexes(columns, 4, null)).toEqual([0, 1, 2, 3]);
  });

  it('sorts text ascending with nulls last', () => {
    expect(sortRowIndexes(columns, 4, { columnIndex: 0, direction: 'ascending' })).toEqual([1, 0, 3, 2]);
  });

  it('sorts numbers and bigints together, descending, nulls still last', () => {
    expect(sortRowIndexes(columns, 4, { columnIndex: 1, direction: 'descending' })).toEqual([1, 0, 2, 3]);
  });
});

describe('nextColumnSort', () => {
  it('cycles ascending, descending, unsorted', () => {
    const ascending = nextColumnSort(null, 1);
    expect(ascending).toEqual({ columnIndex: 1, direction: 'ascending' });
    const descending = nextColumnSort(ascending, 1);
    expect(descending).toEqual({ columnIndex: 1, direction: 'descending' });
    expect(nextColumnSort(descending, 1)).toBeNull();
  });

  it('starts ascending on another column', () => {
    expect(nextColumnSort({ columnIndex: 0, direction: 'descending' }, 1)).toEqual({ columnIndex: 1, direction: 'ascending' });
  });
});

describe('sortRowIndexesBy', () => {
  const people: ChartColumn[] = [
    { name: 'gender', genericType: 1, values: ['boy', 'girl', 'boy', 'girl', 'boy'] },
    { name: 'name', genericType: 1, values: ['Tom', 'Ann', 'Al', 'Zoe', 'Tom'] },
    { name: 'num', genericType: 0, values: [3, 5, 9, 1, 4] },
  ];

  it('breaks the first sort’s ties by the next one', () => {
    // gender ascending, then num descending: boys 9, 4, 3 then girls 5, 1.
    expect(
      sortRowIndexesBy(people, 5, [
        { columnIndex: 0, direction: 'ascending' },
        { columnIndex: 2, direction: 'descending' },
      ]),
    ).toEqual([2, 4, 0, 1, 3]);
  });

  it('keeps the query order for rows equal on every sort', () => {
    expect(
      sortRowIndexesBy(people, 5, [
        { columnIndex: 0, direction: 'ascending' },
        { columnIndex: 1, direction: 'descending' },
      ]),
    ).toEqual([0, 4, 2, 3, 1]);
  });

  it('keeps the query order without sorts', () => {
    expect(sortRowIndexesBy(people, 5, [])).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('nextColumnSorts', () => {
  const ascending = (columnIndex: number): ColumnSort => ({ columnIndex, direction: 'ascending' });
  const descending = (columnIndex: number): ColumnSort => ({ columnIndex, direction: 'descending' });

  it('cycles one column none, ascending, descending, none on plain clicks', () => {
    expect(nextColumnSorts([], 1, false)).toEqual([ascending(1)]);
    expect(nextColumnSorts([ascending(1)], 1, false)).toEqual([descending(1)]);
    expect(nextColumnSorts([descending(1)], 1, false)).toEqual([]);
  });

  it('shift-click adds a column after the others and cycles it without touching them', () => {
    const byB = nextColumnSorts([], 1, false);
    const thenA = nextColumnSorts(byB, 0, true);
    expect(thenA).toEqual([ascending(1), ascending(0)]);
    const thenADescending = nextColumnSorts(thenA, 0, true);
    expect(thenADescending).toEqual([ascending(1), descending(0)]);
    expect(nextColumnSorts(thenADescending, 0, true)).toEqual([ascending(1)]);
    expect(nextColumnSorts(thenADescending, 1, true)).toEqual([descending(1), descending(0)]);
  });

  it('a plain click on one of several sorts sorts by that column alone, ascending', () => {
    expect(nextColumnSorts([ascending(1), descending(0)], 0, false)).toEqual([ascending(0)]);
    expect(nextColumnSorts([ascending(1), descending(0)], 2, false)).toEqual([ascending(2)]);
  });
});
