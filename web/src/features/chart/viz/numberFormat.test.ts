import { describe, expect, it } from 'vitest';
import { formatNumberCell, formatSmartNumber, numberFormatter } from './numberFormat';

describe('numberFormatter', () => {
  it.each<[string, number, string]>([
    [',d', 48133355, '48,133,355'],
    [',d', 1234.6, '1,235'],
    ['.3s', 48133355, '48.1M'],
    ['.3s', 1500, '1.50k'],
    [',.2f', 1234.5678, '1,234.57'],
    [',.2f', -1234.5, '-1,234.50'],
    ['.1%', 0.256, '25.6%'],
    ['+,', 1200, '+1,200'],
    ['$,.2f', 9.5, '$9.50'],
    ['SMART_NUMBER', 48133355, '48.1M'],
    ['SMART_NUMBER', 2500000000, '2.5B'],
    ['SMART_NUMBER', 12.3456, '12.35'],
    ['SMART_NUMBER', 0.012345, '0.0123'],
    ['SMART_NUMBER', 0.0000123, '12.3µ'],
    ['SMART_NUMBER', 0, '0'],
    ['SMART_NUMBER_SIGNED', 1500, '+1.5k'],
    ['SMART_NUMBER_SIGNED', -1500, '-1.5k'],
  ])('formats with "%s": %s is "%s"', (format, value, expected) => {
    expect(numberFormatter(format)(value)).toBe(expected);
  });

  it('falls back to SMART_NUMBER for an empty or invalid format', () => {
    expect(numberFormatter('')(1234567)).toBe('1.23M');
    expect(numberFormatter(undefined)(1234567)).toBe('1.23M');
    expect(numberFormatter('not a format %%')(1234567)).toBe('1.23M');
  });

  it('keeps SI prefixes for thousands and millions', () => {
    expect(formatSmartNumber(999)).toBe('999');
    expect(formatSmartNumber(1000)).toBe('1k');
  });
});

describe('formatNumberCell', () => {
  it('formats bigints and shows N/A for missing values', () => {
    expect(formatNumberCell(12345678901n, ',d')).toBe('12,345,678,901');
    expect(formatNumberCell(null, ',d')).toBe('N/A');
    expect(formatNumberCell('text', ',d')).toBe('N/A');
  });
});
