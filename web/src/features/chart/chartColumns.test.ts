import {
  Decimal,
  Field,
  Int64,
  RecordBatch,
  Schema,
  Struct,
  Table,
  TimestampMillisecond,
  makeData,
  makeVector,
  tableFromArrays,
  vectorFromArray,
} from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import type { ChartDataResultMeta } from '@/api/generated/ChartDataResultMeta';
import { normalizeBigInt, readChartColumns, scaleDecimal, toCellValue } from './chartColumns';

/** Little-endian 32-bit words of a signed 128-bit integer. */
function decimalWords(values: bigint[]): Uint32Array {
  const words = new Uint32Array(values.length * 4);
  values.forEach((value, row) => {
    let unsigned = BigInt.asUintN(128, value);
    for (let word = 0; word < 4; word += 1) {
      words[row * 4 + word] = Number(unsigned & 0xffffffffn);
      unsigned >>= 32n;
    }
  });
  return words;
}

function decimalColumn(values: bigint[], scale: number): Table {
  const type = new Decimal(scale, 38, 128);
  const data = makeData({ type, length: values.length, data: decimalWords(values) });
  const field = new Field('sum', type, true);
  const struct = makeData({ type: new Struct([field]), length: values.length, children: [data] });
  return new Table(new RecordBatch(new Schema([field]), struct));
}

const meta = { colnames: ['sum'], coltypes: [0] } as unknown as ChartDataResultMeta;

describe('toCellValue', () => {
  it('reads DuckDB SUM results (Decimal128, scale 0) as numbers', () => {
    const table = decimalColumn([48133355n, -12n, 0n], 0);
    expect(readChartColumns({ meta, table })[0]?.values).toEqual([48133355, -12, 0]);
  });

  it('applies the decimal scale', () => {
    const table = decimalColumn([12345n, -250n], 2);
    expect(readChartColumns({ meta, table })[0]?.values).toEqual([123.45, -2.5]);
  });

  it('keeps a decimal beyond 2^53 exact as bigint', () => {
    const huge = 2n ** 70n + 1n;
    const table = decimalColumn([huge], 0);
    expect(readChartColumns({ meta, table })[0]?.values).toEqual([huge]);
  });

  it('reads BIGINT as number when safe', () => {
    const vector = makeVector({ type: new Int64(), data: BigInt64Array.from([5n, 9007199254740993n]) } as never);
    expect(toCellValue(vector.get(0), vector.type)).toBe(5);
    expect(toCellValue(vector.get(1), vector.type)).toBe(9007199254740993n);
  });

  it('reads timestamps as epoch milliseconds and nulls as null', () => {
    const vector = vectorFromArray([new Date(Date.UTC(2008, 0, 1)), null], new TimestampMillisecond());
    expect(toCellValue(vector.get(0), vector.type)).toBe(1199145600000);
    expect(toCellValue(vector.get(1), vector.type)).toBeNull();
  });

  it('normalizes bigints at the safe-integer edge', () => {
    expect(normalizeBigInt(9007199254740991n)).toBe(9007199254740991);
    expect(normalizeBigInt(-9007199254740992n)).toBe(-9007199254740992n);
  });
});

describe('readChartColumns', () => {
  it('follows colnames and pairs each column with its coltype', () => {
    const table = tableFromArrays({ gender: ['boy', 'girl'], total: Float64Array.from([1.5, 2]) });
    const columns = readChartColumns({
      meta: { colnames: ['gender', 'total'], coltypes: [1, 0] } as unknown as ChartDataResultMeta,
      table,
    });
    expect(columns).toEqual([
      { name: 'gender', genericType: 1, values: ['boy', 'girl'] },
      { name: 'total', genericType: 0, values: [1.5, 2] },
    ]);
  });
});

describe('scaleDecimal', () => {
  it.each<[bigint, number, number | bigint]>([
    [12345n, 2, 123.45],
    [-5n, 3, -0.005],
    [-250n, 2, -2.5],
    [7n, 0, 7],
    [3n, -2, 300],
  ])('scales %s by 10^-%i to %s', (unscaled, scale, expected) => {
    expect(scaleDecimal(unscaled, scale)).toBe(expected);
  });
});
