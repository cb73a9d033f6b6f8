/**
 * Spec 002 section 9, size units for number formats: Superset's duration formats (`DURATION`,
 * `DURATION_SUB`, `DURATION_COL`, its pretty-ms formatter) and memory formats (`MEMORY_DECIMAL`,
 * `MEMORY_BINARY` and the transfer rates `MEMORY_TRANSFER_RATE_DECIMAL`, `..._BINARY`, its memory
 * formatter), as formatters of a number.
 */

export interface DurationFormatOptions {
  /** `DURATION_SUB`: milliseconds, microseconds and nanoseconds as units of their own. */
  formatSubMilliseconds?: boolean;
  /** `DURATION_COL`: `h:mm:ss.s` instead of `1h 2m 3s`. */
  colonNotation?: boolean;
}

const millisecondsPerDay = 86_400_000;
/** pretty-ms floors seconds after adding this, so that 1.9999999 s shows as 2 s. */
const secondRoundingEpsilon = 0.000_000_1;

function floorDecimals(value: number, decimalDigits: number): string {
  const scale = 10 ** decimalDigits;
  return (Math.round(Math.floor(value * scale + secondRoundingEpsilon)) / scale).toFixed(decimalDigits);
}

function finiteOrZero(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/**
 * A duration in milliseconds as pretty-ms writes it (Superset's DURATION formats):
 * 66000 => "1m 6s", 1.40008 with sub-milliseconds => "1ms 400µs 80ns", 10500 in colon notation =>
 * "0:10.5", 400 => "400ms", 0 => "0ms".
 */
export function formatDuration(value: number, options: DurationFormatOptions = {}): string {
  if (!Number.isFinite(value)) return String(value);
  const isColonNotation = options.colonNotation === true;
  const isSubMilliseconds = options.formatSubMilliseconds === true && !isColonNotation;
  const sign = value < 0 ? '-' : '';
  const milliseconds = Math.abs(value);
  const parts: string[] = [];

  const add = (amount: number, unit: string, text: string = String(amount)): void => {
    const keepsZero = isColonNotation && (parts.length > 0 || unit === 'm');
    if (amount === 0 && !keepsZero) return;
    if (!isColonNotation) {
      parts.push(`${text}${unit}`);
      return;
    }
    const wholeDigits = text.split('.')[0]?.length ?? 0;
    const minimumDigits = parts.length > 0 ? 2 : 1;
    parts.push('0'.repeat(Math.max(0, minimumDigits - wholeDigits)) + text);
  };

  const days = Math.trunc(milliseconds / millisecondsPerDay);
  add(Math.trunc(days / 365), 'y');
  add(days % 365, 'd');
  add(Math.trunc((milliseconds / 3_600_000) % 24), 'h');
  add(Math.trunc((milliseconds / 60_000) % 60), 'm');

  if (isSubMilliseconds || (!isColonNotation && milliseconds < 1000)) {
    add(Math.trunc((milliseconds / 1000) % 60), 's');
    const wholeMilliseconds = Math.trunc(milliseconds % 1000);
    const microseconds = Math.trunc(finiteOrZero(milliseconds * 1000) % 1000);
    const nanoseconds = Math.trunc(finiteOrZero(milliseconds * 1e6) % 1000);
    if (isSubMilliseconds) {
      add(wholeMilliseconds, 'ms');
      add(microseconds, 'µs');
      add(nanoseconds, 'ns');
    } else {
      const millisecondsAndBelow = wholeMilliseconds + microseconds / 1000 + nanoseconds / 1e6;
      add(millisecondsAndBelow >= 1 ? Math.round(millisecondsAndBelow) : Math.ceil(millisecondsAndBelow), 'ms');
    }
  } else {
    const seconds = (milliseconds / 1000) % 60;
    const secondsText = floorDecimals(seconds, 1).replace(/\.0+$/, '');
    add(Number.parseFloat(secondsText), 's', secondsText);
  }

  if (parts.length === 0) return `${sign}0ms`;
  return sign + parts.join(isColonNotation ? ':' : ' ');
}

const decimalByteUnits = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB', 'RB', 'QB'];
const binaryByteUnits = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'];

/**
 * A size in bytes with the largest unit it reaches, at most two decimals, trailing zeros dropped:
 * decimal 1111 => "1.11kB", 1024 => "1.02kB"; binary 1024 => "1KiB", 1111 => "1.08KiB"; 0 => "0B".
 * Past the last unit the number grows: 1000^11 => "1000QB". A transfer rate ends in "/s".
 */
export function formatMemory(value: number, isBinary: boolean, isTransferRate = false): string {
  const size = formatBytes(value, isBinary);
  return isTransferRate ? `${size}/s` : size;
}

function formatBytes(value: number, isBinary: boolean): string {
  const decimals = 2;
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0B';
  const units = isBinary ? binaryByteUnits : decimalByteUnits;
  const base = isBinary ? 1024 : 1000;
  const magnitude = Math.abs(value);
  // Below one byte stays in bytes.
  const unitIndex = Math.max(0, Math.min(units.length - 1, Math.floor(Math.log(magnitude) / Math.log(base))));
  const scaled = Number.parseFloat((magnitude / base ** unitIndex).toFixed(decimals));
  return `${value < 0 ? '-' : ''}${scaled}${units[unitIndex] ?? 'B'}`;
}

/** The unit formats by their Superset ids. */
export const unitNumberFormats: ReadonlyMap<string, (value: number) => string> = new Map([
  ['DURATION', (value: number) => formatDuration(value)],
  ['DURATION_SUB', (value: number) => formatDuration(value, { formatSubMilliseconds: true })],
  ['DURATION_COL', (value: number) => formatDuration(value, { colonNotation: true })],
  ['MEMORY_DECIMAL', (value: number) => formatMemory(value, false)],
  ['MEMORY_BINARY', (value: number) => formatMemory(value, true)],
  ['MEMORY_TRANSFER_RATE_DECIMAL', (value: number) => formatMemory(value, false, true)],
  ['MEMORY_TRANSFER_RATE_BINARY', (value: number) => formatMemory(value, true, true)],
]);
