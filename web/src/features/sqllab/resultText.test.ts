import { describe, expect, it } from 'vitest';
import { resultsAsTabSeparatedText, sqlLabCellText, truncationWarning } from './resultText';

describe('SQL Lab result text', () => {
  it('shows nulls as N/A and booleans as True and False', () => {
    expect(sqlLabCellText(null)).toBe('N/A');
    expect(sqlLabCellText(true)).toBe('True');
    expect(sqlLabCellText(false)).toBe('False');
    expect(sqlLabCellText(12.5)).toBe('12.5');
    expect(sqlLabCellText('2020-01-01T00:00:00')).toBe('2020-01-01T00:00:00');
  });

  it('warns about the limit that cut the rows', () => {
    expect(truncationWarning('DROPDOWN', 1000)).toBe('The number of rows displayed is limited to 1,000 by the limit dropdown.');
    expect(truncationWarning('QUERY', 5)).toBe('The number of rows displayed is limited to 5 by the query.');
    expect(truncationWarning('NOT_LIMITED', 5)).toBeNull();
  });

  it('copies the results as a header line and tab-separated rows, nulls empty, booleans as shown', () => {
    const columns = [{ name: 'name' }, { name: 'num' }, { name: 'is_girl' }];
    const rows = [
      { name: 'Ada', num: 12.5, is_girl: true },
      { name: null, num: 7, is_girl: false },
    ];
    expect(resultsAsTabSeparatedText(columns, rows)).toBe('name\tnum\tis_girl\nAda\t12.5\tTrue\n\t7\tFalse\n');
    expect(resultsAsTabSeparatedText([{ name: 'note' }], [{ note: 'two\nlines' }, { note: ['a', 1] }])).toBe('note\ntwo lines\n["a",1]\n');
  });
});
