/**
 * A run's rows read cell by cell from the Arrow table's column vectors: the grid, the sort and the
 * copy ask for the cells they need by row index, so a million-row result is never turned into a
 * million row objects.
 */
import { DataType, type Data, type Table, type Vector } from 'apache-arrow';
import { normalizeBigInt, toCellValue, type CellValue } from '@/features/chart/chartColumns';
import { temporalText } from './temporalText';

export interface ResultRows {
  readonly rowCount: number;
  readonly columnCount: number;
  /** The cell as the grid shows it: temporal cells as the JSON answer's ISO text; null for null. */
  cell(rowIndex: number, columnIndex: number): CellValue;
  /** What a sort compares: temporal cells as their stored number, so they sort by time; else the cell. */
  sortKey(rowIndex: number, columnIndex: number): CellValue;
}

/** One column's cells, found in the vector's chunks. */
interface ColumnReader {
  cell(rowIndex: number): CellValue;
  sortKey(rowIndex: number): CellValue;
}

/** Finds the chunk of a row; consecutive rows (a copy, a sort's keys) hit the last chunk found. */
function chunkLocator(vector: Vector<DataType>): (rowIndex: number) => { chunk: Data; index: number } | null {
  const chunks = vector.data;
  const starts: number[] = [];
  let total = 0;
  for (const chunk of chunks) {
    starts.push(total);
    total += chunk.length;
  }
  let last = 0;
  return (rowIndex) => {
    if (rowIndex < 0 || rowIndex >= total) return null;
    const lastStart = starts[last] ?? 0;
    const lastChunk = chunks[last];
    if (lastChunk === undefined || rowIndex < lastStart || rowIndex >= lastStart + lastChunk.length) {
      let low = 0;
      let high = chunks.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((starts[middle] ?? 0) <= rowIndex) low = middle;
        else high = middle - 1;
      }
      last = low;
    }
    const chunk = chunks[last];
    return chunk === undefined ? null : { chunk, index: rowIndex - (starts[last] ?? 0) };
  };
}

function isTemporal(type: DataType): boolean {
  return DataType.isTimestamp(type) || DataType.isDate(type) || DataType.isTime(type);
}

/** Dates, times and timestamps: shown as the JSON answer's text, sorted by the stored number. */
function temporalColumn(vector: Vector<DataType>): ColumnReader {
  const locate = chunkLocator(vector);
  const raw = (rowIndex: number): number | bigint | null => {
    const found = locate(rowIndex);
    if (found === null || !found.chunk.getValid(found.index)) return null;
    const values = found.chunk.values as ArrayLike<number | bigint>;
    return values[found.index] ?? null;
  };
  return {
    cell: (rowIndex) => {
      const value = raw(rowIndex);
      return value === null ? null : temporalText(value, vector.type);
    },
    sortKey: (rowIndex) => {
      const value = raw(rowIndex);
      return typeof value === 'bigint' ? normalizeBigInt(value) : value;
    },
  };
}

/** Other columns: numbers (bigints beyond 2^53, decimals scaled), text and booleans as they are. */
function valueColumn(vector: Vector<DataType>): ColumnReader {
  const isFloat = DataType.isFloat(vector.type);
  const cell = (rowIndex: number): CellValue => {
    const value = toCellValue(vector.get(rowIndex), vector.type);
    // As the JSON answer, which has no NaN or infinities, shows them: null.
    if (isFloat && typeof value === 'number' && !Number.isFinite(value)) return null;
    return value;
  };
  return { cell, sortKey: cell };
}

function columnReader(vector: Vector<DataType>): ColumnReader {
  return isTemporal(vector.type) ? temporalColumn(vector) : valueColumn(vector);
}

/** The rows of a decoded SQL Lab answer; columns in the table's order, which is the meta's. */
export function arrowResultRows(table: Table): ResultRows {
  const readers: ColumnReader[] = [];
  for (let columnIndex = 0; columnIndex < table.numCols; columnIndex += 1) {
    const vector = table.getChildAt<DataType>(columnIndex);
    if (vector !== null) readers.push(columnReader(vector));
  }
  return {
    rowCount: table.numRows,
    columnCount: readers.length,
    cell: (rowIndex, columnIndex) => readers[columnIndex]?.cell(rowIndex) ?? null,
    sortKey: (rowIndex, columnIndex) => readers[columnIndex]?.sortKey(rowIndex) ?? null,
  };
}
