import { describe, expect, it } from 'vitest';
import type { ChartColumn } from '@/features/chart/chartColumns';
import {
  buildRowSearchTexts,
  cellContentText,
  dataPaneCellText,
  filterRowIndexes,
  formatResultTimestamp,
  resultCellCopyText,
  resultCellText,
  rowsAsTabSeparatedText,
} from './resultTableText';

const columns: ChartColumn[] = [
  { name: 'ds', genericType: 2, values: [Date.UTC(1965, 0, 1), Date.UTC(1966, 0, 1), Date.UTC(1967, 0, 1)] },
  { name: 'gender', genericType: 1, values: ['boy', 'girl', null] },
  { name: 'SUM(num)', genericType: 0, values: [0.1 + 0.2, 1234567, null] },
];

describe('resultCellText', () => {
  it.each<[Parameters<typeof resultCellText>[0], Parameters<typeof resultCellText>[1], string]>([
    [0.1 + 0.2, 0, '0.30000000000000004'],
    [48133355, 0, '48133355'],
    [-1.5e-7, 0, '-1.5e-7'],
    [9007199254740993n, 0, '9007199254740993'],
    [null, 0, 'N/A'],
    [true, 3, 'True'],
    [false, 3, 'False'],
    ['CA', 1, 'CA'],
    [Date.UTC(2008, 0, 1), 2, '2008-01-01 00:00:00'],
    [Date.UTC(2008, 5, 30, 13, 4, 5, 120), 2, '2008-06-30 13:04:05.120'],
    [Date.UTC(2008, 0, 1), 0, '1199145600000'],
  ])('shows %o of type %s as "%s"', (value, genericType, expected) => {
    expect(resultCellText(value, genericType)).toBe(expected);
  });

  it('writes timestamps before 1970 in UTC', () => {
    expect(formatResultTimestamp(-157766400000)).toBe('1965-01-01 00:00:00');
  });

  it('copies null as an empty field and flattens tabs and line breaks', () => {
    expect(resultCellCopyText(null, 1)).toBe('');
    expect(resultCellCopyText('a\tb\nc', 1)).toBe('a b c');
  });
});

describe('dataPaneCellText', () => {
  it.each<[Parameters<typeof dataPaneCellText>[0], Parameters<typeof dataPaneCellText>[1], string]>([
    [null, 1, '<NULL>'],
    [null, 0, '<NULL>'],
    ['', 1, '<empty string>'],
    [true, 3, 'TRUE'],
    [false, 3, 'FALSE'],
    [' ', 1, ' '],
    ['CA', 1, 'CA'],
    [0, 0, '0'],
    [Date.UTC(2008, 0, 1), 2, '2008-01-01 00:00:00'],
  ])("shows %o of type %s with spec 000's placeholders as %o", (value, genericType, expected) => {
    expect(dataPaneCellText(value, genericType)).toBe(expected);
  });

  it('copies booleans as shown, and null and the empty string as empty fields', () => {
    const flags: ChartColumn[] = [{ name: 'flag', genericType: 3, values: [true, null] }, { name: 'note', genericType: 1, values: ['', 'x'] }];
    expect(rowsAsTabSeparatedText(flags, [0, 1])).toBe('flag\tnote\nTRUE\t\n\tx\n');
  });
});

describe('cellContentText', () => {
  it('pretty-prints a JSON object or array', () => {
    expect(cellContentText('{"a":1,"b":[true,null]}')).toBe('{\n  "a": 1,\n  "b": [\n    true,\n    null\n  ]\n}');
    expect(cellContentText('[1, 2]')).toBe('[\n  1,\n  2\n]');
  });

  it('shows a long or multi-line text as it is, and nothing for a short flat cell', () => {
    const long = 'x'.repeat(101);
    expect(cellContentText(long)).toBe(long);
    expect(cellContentText('line one\nline two')).toBe('line one\nline two');
    expect(cellContentText('x'.repeat(100))).toBeNull();
    expect(cellContentText('[not json')).toBeNull();
    expect(cellContentText('"quoted"')).toBeNull();
    expect(cellContentText(12)).toBeNull();
    expect(cellContentText(null)).toBeNull();
  });
});

describe('searching rows', () => {
  const searchTexts = buildRowSearchTexts(columns, 3);

  it('keeps the rows with a shown cell containing the text, ignoring case', () => {
    expect(filterRowIndexes(searchTexts, 'GIRL')).toEqual([1]);
    expect(filterRowIndexes(searchTexts, '<null>')).toEqual([2]);
    expect(filterRowIndexes(searchTexts, '1966-01')).toEqual([1]);
    expect(filterRowIndexes(searchTexts, '0.3000')).toEqual([0]);
    expect(filterRowIndexes(searchTexts, 'zzz')).toEqual([]);
  });

  it('does not match across two cells', () => {
    expect(filterRowIndexes(searchTexts, 'boy0.3')).toEqual([]);
  });
});

describe('rowsAsTabSeparatedText', () => {
  it('writes a header line and the given rows, in the given order', () => {
    expect(rowsAsTabSeparatedText(columns, [2, 0])).toBe(
      'ds\tgender\tSUM(num)\n1967-01-01 00:00:00\t\t\n1965-01-01 00:00:00\tboy\t0.30000000000000004\n',
    );
  });
});
