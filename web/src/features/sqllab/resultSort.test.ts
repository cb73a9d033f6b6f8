import { Float64, TimestampMicrosecond, Utf8, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import type { ResultRows } from './resultRows';
import { sortedRowIndexes } from './resultSort';
import { resultColumn, sqlLabResult, storedVector } from './sqlLabResultFixtures';

const { rows } = sqlLabResult([
  { column: resultColumn('name', 'STRING', 1), vector: vectorFromArray(['Mia', 'Ada', null, 'Zoe', 'Bob'], new Utf8()) },
  { column: resultColumn('num', 'DOUBLE', 0), vector: vectorFromArray([9, null, 100, 10, 9], new Float64()) },
  // 2020-01-02, 2019-12-31, null, 2020-01-01 00:00:00.5, 2020-01-01
  {
    column: resultColumn('ds', 'TIMESTAMP', 2),
    vector: storedVector(new TimestampMicrosecond(), [1_577_923_200_000_000n, 1_577_750_400_000_000n, null, 1_577_836_800_500_000n, 1_577_836_800_000_000n]),
  },
]);

function column(sorted: Uint32Array | null, result: ResultRows, columnIndex: number): unknown[] {
  const order = sorted ?? Array.from({ length: result.rowCount }, (_unused, index) => index);
  return Array.from(order, (rowIndex) => result.cell(rowIndex, columnIndex));
}

describe('sortedRowIndexes', () => {
  it('keeps the rows as run when unsorted', () => {
    expect(sortedRowIndexes(rows, null)).toBeNull();
    expect(column(null, rows, 0)).toEqual(['Mia', 'Ada', null, 'Zoe', 'Bob']);
  });

  it('sorts numbers by value (9 before 10 before 100), nulls last, ties in run order', () => {
    const ascending = sortedRowIndexes(rows, { columnIndex: 1, direction: 'ascending' });
    expect(column(ascending, rows, 1)).toEqual([9, 9, 10, 100, null]);
    expect(column(ascending, rows, 0)).toEqual(['Mia', 'Bob', 'Zoe', null, 'Ada']);
  });

  it('sorts descending with nulls still last', () => {
    expect(column(sortedRowIndexes(rows, { columnIndex: 1, direction: 'descending' }), rows, 1)).toEqual([100, 10, 9, 9, null]);
    expect(column(sortedRowIndexes(rows, { columnIndex: 0, direction: 'descending' }), rows, 0)).toEqual(['Zoe', 'Mia', 'Bob', 'Ada', null]);
  });

  it('sorts text alphabetically', () => {
    expect(column(sortedRowIndexes(rows, { columnIndex: 0, direction: 'ascending' }), rows, 0)).toEqual(['Ada', 'Bob', 'Mia', 'Zoe', null]);
  });

  it('sorts times by instant, and shows them as the JSON answer did', () => {
    expect(column(sortedRowIndexes(rows, { columnIndex: 2, direction: 'ascending' }), rows, 2)).toEqual([
      '2019-12-31T00:00:00',
      '2020-01-01T00:00:00',
      '2020-01-01T00:00:00.500',
      '2020-01-02T00:00:00',
      null,
    ]);
  });

  it('is unsorted for a column the result does not have', () => {
    expect(sortedRowIndexes(rows, { columnIndex: 3, direction: 'ascending' })).toBeNull();
  });
});
