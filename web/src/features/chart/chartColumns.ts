import { DataType, util, type Vector } from 'apache-arrow';
import type { ChartDataArrowResult } from '@/api/chartData';
import type { GenericDataType } from '@/api/generated/GenericDataType';

/** Superset's generic column types, as numbers in `coltypes`. */
export const genericDataTypes = {
  numeric: 0,
  string: 1,
  temporal: 2,
  boolean: 3,
} as const satisfies Record<string, GenericDataType>;

/**
 * A cell as charts use it: numbers (timestamps as epoch ms), bigints only beyond 2^53, text,
 * booleans, null.
 */
export type CellValue = number | bigint | string | boolean | null;

export interface ChartColumn {
  name: string;
  genericType: GenericDataType | null;
  values: CellValue[];
}

/** A bigint as a number when that loses nothing. */
export function normalizeBigInt(value: bigint): number | bigint {
  const isSafe = value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER);
  return isSafe ? Number(value) : value;
}

/** A Decimal128 value: four little-endian 32-bit words of a two's complement integer. */
export function decimalWordsToBigInt(words: Uint32Array): bigint {
  let unsigned = 0n;
  for (let index = words.length - 1; index >= 0; index -= 1) {
    unsigned = (unsigned << 32n) | BigInt(words[index] ?? 0);
  }
  return BigInt.asIntN(words.length * 32, unsigned);
}

/** The decimal's value: exact as an integer when the scale is 0, else the nearest number. */
export function scaleDecimal(unscaled: bigint, scale: number): number | bigint {
  if (scale <= 0) return normalizeBigInt(unscaled * 10n ** BigInt(-scale));
  const divisor = 10n ** BigInt(scale);
  const magnitude = unscaled < 0n ? -unscaled : unscaled;
  const sign = unscaled < 0n ? '-' : '';
  const fraction = (magnitude % divisor).toString().padStart(scale, '0');
  return Number(`${sign}${magnitude / divisor}.${fraction}`);
}

/**
 * Converts one Arrow value: Decimal128 (DuckDB's SUM) arrives as a Uint32Array of words, Int64 as bigint,
 * timestamps and dates already as epoch ms.
 */
export function toCellValue(raw: unknown, type: DataType): CellValue {
  if (raw === null || raw === undefined) return null;
  if (DataType.isDecimal(type) && raw instanceof Uint32Array) return scaleDecimal(decimalWordsToBigInt(raw), type.scale);
  if (typeof raw === 'bigint') return normalizeBigInt(raw);
  if (typeof raw === 'number' || typeof raw === 'string' || typeof raw === 'boolean') return raw;
  return util.valueToString(raw);
}

function readVector(vector: Vector<DataType>): CellValue[] {
  const values: CellValue[] = new Array<CellValue>(vector.length);
  for (let index = 0; index < vector.length; index += 1) {
    values[index] = toCellValue(vector.get(index), vector.type);
  }
  return values;
}

/** The result's columns in `colnames` order, each with its generic type from `coltypes`. */
export function readChartColumns({ meta, table }: ChartDataArrowResult): ChartColumn[] {
  const fieldNames = table.schema.fields.map((field) => field.name);
  const names = meta.colnames.length > 0 ? meta.colnames : fieldNames;
  return names.flatMap((name, index) => {
    const vector = table.getChildAt<DataType>(fieldNames.indexOf(name));
    if (vector === null) return [];
    return [{ name, genericType: meta.coltypes[index] ?? null, values: readVector(vector) }];
  });
}
