/**
 * Test fixtures: SQL Lab answers built as the server sends them (one Arrow IPC stream with the
 * run's meta in the schema metadata) and decoded through `decodeSqlLabResult`.
 */
import { makeData, makeVector, Schema, Table, tableToIPC, type DataType, type Vector } from 'apache-arrow';
import { resultMetaKey } from '@/api/arrowResult';
import type { GenericDataType } from '@/api/generated/GenericDataType';
import type { SqlLabColumn } from '@/api/generated/SqlLabColumn';
import type { SqlLabResultMeta } from '@/api/generated/SqlLabResultMeta';
import { decodeSqlLabResult, type SqlLabResult } from './api';

/** A result column as the server describes it. */
export function resultColumn(name: string, type: string, typeGeneric: GenericDataType): SqlLabColumn {
  return { column_name: name, name, type, type_generic: typeGeneric, is_dttm: typeGeneric === 2 };
}

/** The meta of a successful run of `SELECT ...` on the examples with these columns and rows. */
export function resultMeta(columns: SqlLabColumn[], rows: number, limitingFactor = 'NOT_LIMITED'): SqlLabResultMeta {
  return {
    status: 'success',
    query_id: 7,
    columns,
    selected_columns: columns,
    expanded_columns: [],
    query: {
      id: 'abcdefghijk',
      queryId: 7,
      serverId: 7,
      dbId: 1,
      db: 'examples',
      state: 'success',
      sql: 'SELECT name FROM birth_names',
      executedSql: 'SELECT name FROM birth_names LIMIT 11',
      catalog: null,
      schema: 'main',
      tab: 'Untitled Query 1',
      sqlEditorId: '1',
      limit: 10,
      limitingFactor,
      progress: 100,
      rows,
      errorMessage: null,
      ctas: false,
      ctas_method: 'TABLE',
      tempTable: null,
      tempSchema: null,
      resultsKey: null,
      trackingUrl: null,
      link: '/sqllab/?queryId=7',
      cached: false,
      isDataPreview: false,
      errors: [],
      startDttm: 0,
      endDttm: 1,
      changed_on: '2026-11-23T07:00:00',
      userId: 1,
    },
  };
}

/** The execute call's Arrow answer: the table's stream with the meta in its schema metadata. */
export function sqlLabAnswer(table: Table, meta: SqlLabResultMeta): Uint8Array {
  const metadata = new Map([[resultMetaKey, JSON.stringify(meta)]]);
  return tableToIPC(new Table(new Schema(table.schema.fields, metadata), table.batches), 'stream');
}

/** A decoded answer of these columns (each with its vector), as `executeSql` returns it. */
export function sqlLabResult(columns: readonly { column: SqlLabColumn; vector: Vector }[], limitingFactor = 'NOT_LIMITED'): SqlLabResult {
  const table = new Table(Object.fromEntries(columns.map(({ column, vector }) => [column.name, vector])));
  return decodeSqlLabResult(sqlLabAnswer(table, resultMeta(columns.map(({ column }) => column), table.numRows, limitingFactor)));
}

/** A validity bitmap: bit i set when value i is not null. */
function validityBitmap(values: readonly unknown[]): Uint8Array {
  const bitmap = new Uint8Array(Math.ceil(values.length / 8));
  values.forEach((value, index) => {
    if (value !== null) bitmap[index >> 3] = (bitmap[index >> 3] ?? 0) | (1 << (index % 8));
  });
  return bitmap;
}

/** Two's complement little-endian 32-bit words of a 128-bit integer. */
function decimalWords(value: bigint): number[] {
  const unsigned = BigInt.asUintN(128, value);
  return [0n, 32n, 64n, 96n].map((shift) => Number((unsigned >> shift) & 0xffff_ffffn));
}

/**
 * A vector of stored values, exactly as the server's Arrow holds them: timestamps in their unit,
 * dates in days (Date32) or ms (Date64), times in their unit, decimals unscaled; null for null.
 */
export function storedVector(type: DataType, values: readonly (bigint | number | null)[]): Vector {
  let data: ArrayBufferView;
  if (type.ArrayType === Uint32Array) {
    data = Uint32Array.from(values.flatMap((value) => decimalWords(BigInt(value ?? 0))));
  } else if (type.ArrayType === BigInt64Array) {
    data = BigInt64Array.from(values.map((value) => BigInt(value ?? 0)));
  } else {
    data = Int32Array.from(values.map((value) => Number(value ?? 0)));
  }
  const nullCount = values.filter((value) => value === null).length;
  const props = { type, length: values.length, nullCount, nullBitmap: validityBitmap(values), data };
  return makeVector(makeData(props as Parameters<typeof makeData>[0]));
}
