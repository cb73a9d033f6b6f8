import { formatLocale } from 'd3-format';
import type { CellValue } from '@/features/chart/chartColumns';
import { unitNumberFormats } from './unitFormats';

/** Superset's adaptive number format: 1.23k, 12.3M, 1.2B, 0.1234, and so on. */
export const smartNumberFormat = 'SMART_NUMBER';
/** As SMART_NUMBER, with a "+" before positive values. */
export const smartNumberSignedFormat = 'SMART_NUMBER_SIGNED';
export const defaultNumberFormat = smartNumberFormat;
/** Spec 002 section 9: what a missing value shows. */
export const missingNumberDisplay = 'N/A';

export type NumberFormatter = (value: number) => string;

/** US English with an ASCII minus, so that "-1,234" reads as the table chart shows it. */
const locale = formatLocale({ decimal: '.', thousands: ',', grouping: [3], currency: ['$', ''], minus: '-' });
const siFormat = locale.format('.3~s');
const twoDecimalsFormat = locale.format('.2~f');
const fourDecimalsFormat = locale.format('.4~f');

/**
 * Superset's SMART_NUMBER: SI prefixes from 1,000 up (with "B" for billions instead of "G"),
 * two decimals from 1, four from 0.001, micro below that.
 */
export function formatSmartNumber(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1000) return siFormat(value).replace('G', 'B');
  if (magnitude >= 1) return twoDecimalsFormat(value);
  if (magnitude >= 0.001) return fourDecimalsFormat(value);
  if (magnitude > 0.000001) return `${siFormat(value * 1000000)}µ`;
  return siFormat(value);
}

function formatSmartNumberSigned(value: number): string {
  const formatted = formatSmartNumber(value);
  return value > 0 ? `+${formatted}` : formatted;
}

const formatterCache = new Map<string, NumberFormatter>();

/**
 * A formatter for a Superset number format: a d3-format specifier such as ",d", ".3s", ",.2f",
 * ".1%" or "+,", or a preset (SMART_NUMBER, SMART_NUMBER_SIGNED, the DURATION and MEMORY units of
 * `unitFormats.ts`). An empty or invalid
 * specifier falls back to SMART_NUMBER.
 */
export function numberFormatter(format: string | undefined | null): NumberFormatter {
  const specifier = format === undefined || format === null || format.trim() === '' ? defaultNumberFormat : format;
  const cached = formatterCache.get(specifier);
  if (cached !== undefined) return cached;
  const formatter = buildNumberFormatter(specifier);
  formatterCache.set(specifier, formatter);
  return formatter;
}

function buildNumberFormatter(specifier: string): NumberFormatter {
  if (specifier === smartNumberFormat) return formatSmartNumber;
  if (specifier === smartNumberSignedFormat) return formatSmartNumberSigned;
  const unitFormat = unitNumberFormats.get(specifier);
  if (unitFormat !== undefined) return unitFormat;
  try {
    const d3Format = locale.format(specifier);
    return (value) => (Number.isFinite(value) ? d3Format(value) : String(value));
  } catch {
    return formatSmartNumber;
  }
}

/** A cell as a number for charting: numbers and bigints; anything else is missing (null). */
export function numericCellValue(value: CellValue | undefined): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'bigint') return Number(value);
  return null;
}

/** A cell formatted with a Superset number format, "N/A" when missing. */
export function formatNumberCell(value: CellValue | undefined, format: string | undefined | null): string {
  const number = numericCellValue(value);
  return number === null ? missingNumberDisplay : numberFormatter(format)(number);
}
