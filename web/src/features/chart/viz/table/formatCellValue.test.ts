import { describe, expect, it } from 'vitest';
import type { GenericDataType } from '@/api/generated/GenericDataType';
import type { CellValue } from '@/features/chart/chartColumns';
import { formatCellValue } from './formatCellValue';

describe('formatCellValue', () => {
  it.each<[CellValue, GenericDataType | null, string]>([
    [null, 0, 'N/A'],
    [null, 1, 'N/A'],
    [true, 3, 'True'],
    [false, 3, 'False'],
    ['boy', 1, 'boy'],
    ['', 1, ''],
    [48133355, 0, '48,133,355'],
    [-1234.5678, 0, '-1,234.568'],
    [0.1 + 0.2, 0, '0.3'],
    [0, 0, '0'],
    [2n ** 70n, 0, '1,180,591,620,717,411,303,424'],
    [Number.NaN, 0, 'NaN'],
    [1199145600000, 2, '2008-01-01'],
    [1199190896000, 2, '2008-01-01 12:34:56'],
    [1199145600000, 0, '1,199,145,600,000'],
  ])('shows %s (coltype %s) as "%s"', (value, genericType, expected) => {
    expect(formatCellValue(value, genericType)).toBe(expected);
  });
});
