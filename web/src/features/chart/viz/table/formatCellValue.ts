import type { GenericDataType } from '@/api/generated/GenericDataType';
import { genericDataTypes, type CellValue } from '@/features/chart/chartColumns';

/** Spec 002 section 9: the table's null and boolean displays. */
export const nullDisplay = 'N/A';
export const trueDisplay = 'True';
export const falseDisplay = 'False';

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** Epoch ms as UTC `YYYY-MM-DD`, with ` HH:MM:SS` when the time is not midnight. */
export function formatTimestamp(epochMs: number): string {
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return String(epochMs);
  const day = `${date.getUTCFullYear()}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}`;
  const isMidnight = date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0;
  if (isMidnight) return day;
  return `${day} ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}`;
}

export function formatNumber(value: number | bigint): string {
  if (typeof value === 'bigint') return integerFormat.format(value);
  if (!Number.isFinite(value)) return String(value);
  return Number.isInteger(value) ? integerFormat.format(value) : decimalFormat.format(value);
}

export function formatCellValue(value: CellValue, genericType: GenericDataType | null): string {
  if (value === null) return nullDisplay;
  if (typeof value === 'boolean') return value ? trueDisplay : falseDisplay;
  if (typeof value === 'string') return value;
  if (genericType === genericDataTypes.temporal && typeof value === 'number') return formatTimestamp(value);
  return formatNumber(value);
}
