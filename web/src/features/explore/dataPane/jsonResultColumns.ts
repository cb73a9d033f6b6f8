import type { ChartDataResult } from '@/api/generated/ChartDataResult';
import type { JsonValue } from '@/api/generated/serde_json/JsonValue';
import type { CellValue, ChartColumn } from '@/features/chart/chartColumns';

function jsonCellValue(value: JsonValue | undefined): CellValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** A JSON result's records as columns in `colnames` order (timestamps stay epoch ms), like an Arrow result's. */
export function jsonResultColumns(result: Pick<ChartDataResult, 'colnames' | 'coltypes' | 'data'>): ChartColumn[] {
  return result.colnames.map((name, index) => ({
    name,
    genericType: result.coltypes[index] ?? null,
    values: result.data.map((row) => jsonCellValue(row[name])),
  }));
}
