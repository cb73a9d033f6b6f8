import type { ChartFormData } from './chartRendererProps';

/** A string control; anything else gives the fallback. */
export function readFormString(formData: ChartFormData, key: string, fallback: string): string {
  const value = formData[key];
  return typeof value === 'string' ? value : fallback;
}

/** A number control; Superset also saves some numbers as strings ("10"). */
export function readFormNumber(formData: ChartFormData, key: string, fallback: number): number {
  const value = formData[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return fallback;
}

/** A checkbox control. */
export function readFormBoolean(formData: ChartFormData, key: string, fallback: boolean): boolean {
  const value = formData[key];
  return typeof value === 'boolean' ? value : fallback;
}

/**
 * The result column name of a column control value: a physical column's name, or an adhoc
 * column's label (`{"label": "year", "sqlExpression": "..."}`).
 */
export function columnLabel(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  for (const key of ['label', 'column_name', 'sqlExpression']) {
    const candidate = record[key];
    if (typeof candidate === 'string' && candidate !== '') return candidate;
  }
  return null;
}

/** The result column names of a column-list control such as `groupby` or `columns`. */
export function readColumnLabels(formData: ChartFormData, key: string): string[] {
  const value = formData[key];
  const items = Array.isArray(value) ? (value as unknown[]) : value === undefined || value === null ? [] : [value];
  return items.flatMap((item) => {
    const label = columnLabel(item);
    return label === null ? [] : [label];
  });
}

/** A colour picker control (`color_picker`: `{"r": 0, "g": 122, "b": 135, "a": 1}`) as CSS `rgba(...)`; anything else gives the fallback. */
export function readFormColor(formData: ChartFormData, key: string, fallback: string): string {
  const value = formData[key];
  if (typeof value !== 'object' || value === null) return fallback;
  const { r, g, b, a } = value as Record<string, unknown>;
  if (typeof r !== 'number' || typeof g !== 'number' || typeof b !== 'number') return fallback;
  return `rgba(${r},${g},${b},${typeof a === 'number' ? a : 1})`;
}
