/** Superset's row count label: "1 row", "12 rows", "12,345 rows". */
export function rowCountText(rowCount: number): string {
  return `${rowCount.toLocaleString('en-US')} ${rowCount === 1 ? 'row' : 'rows'}`;
}
