import { describe, expect, it } from 'vitest';
import { numberFormatter } from './numberFormat';
import { formatDuration, formatMemory } from './unitFormats';

describe('formatDuration (Superset DURATION formats, pretty-ms)', () => {
  it.each([
    [0, '0ms'],
    [400, '400ms'],
    [0.4, '1ms'],
    [1000, '1s'],
    [1500, '1.5s'],
    [66000, '1m 6s'],
    [3_600_000, '1h'],
    [90_061_000, '1d 1h 1m 1s'],
    [366 * 86_400_000, '1y 1d'],
    [-66000, '-1m 6s'],
  ])('DURATION %d ms => %s', (milliseconds, expected) => {
    expect(formatDuration(milliseconds)).toBe(expected);
  });

  it.each([
    [1.40008, '1ms 400µs 80ns'],
    [1500.5, '1s 500ms 500µs'],
    [0, '0ms'],
  ])('DURATION_SUB %d ms => %s', (milliseconds, expected) => {
    expect(formatDuration(milliseconds, { formatSubMilliseconds: true })).toBe(expected);
  });

  it.each([
    [10500, '0:10.5'],
    [66000, '1:06'],
    [3_723_000, '1:02:03'],
    [500, '0:00.5'],
  ])('DURATION_COL %d ms => %s', (milliseconds, expected) => {
    expect(formatDuration(milliseconds, { colonNotation: true })).toBe(expected);
  });
});

describe('formatMemory (Superset MEMORY formats)', () => {
  it.each([
    [0, '0B'],
    [555, '555B'],
    [1000, '1kB'],
    [1024, '1.02kB'],
    [1111, '1.11kB'],
    [1999, '2kB'],
    [1000 ** 2, '1MB'],
    [1000 ** 10, '1QB'],
    [1000 ** 11, '1000QB'],
    [-50, '-50B'],
    [10.666, '10.67B'],
  ])('MEMORY_DECIMAL %d => %s', (bytes, expected) => {
    expect(formatMemory(bytes, false)).toBe(expected);
  });

  it.each([
    [1000, '1000B'],
    [1024, '1KiB'],
    [1111, '1.08KiB'],
    [2047, '2KiB'],
    [1024 ** 3, '1GiB'],
    [1024 ** 9, '1024YiB'],
  ])('MEMORY_BINARY %d => %s', (bytes, expected) => {
    expect(formatMemory(bytes, true)).toBe(expected);
  });

  it('keeps a size below one byte in bytes', () => {
    expect(formatMemory(0.5, false)).toBe('0.5B');
  });
});

describe('numberFormatter with unit formats', () => {
  it.each([
    ['DURATION', 66000, '1m 6s'],
    ['DURATION_SUB', 1.40008, '1ms 400µs 80ns'],
    ['DURATION_COL', 10500, '0:10.5'],
    ['MEMORY_DECIMAL', 1024, '1.02kB'],
    ['MEMORY_BINARY', 1024, '1KiB'],
    ['MEMORY_TRANSFER_RATE_DECIMAL', 1111, '1.11kB/s'],
    ['MEMORY_TRANSFER_RATE_BINARY', 1024, '1KiB/s'],
  ])('%s formats %d as %s (the labels of the format select)', (format, value, expected) => {
    expect(numberFormatter(format)(value)).toBe(expected);
  });

  it('does not take an object property for a format', () => {
    expect(numberFormatter('constructor')(1234)).toBe('1.23k');
  });
});
