import { Bool, Float64, Utf8, vectorFromArray } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { resultsAsTabSeparatedText, sqlLabCellText, truncationWarning } from './resultText';
import { resultColumn, sqlLabResult } from './sqlLabResultFixtures';

describe('SQL Lab result text', () => {
  it('shows nulls as N/A and booleans as True and False', () => {
    expect(sqlLabCellText(null)).toBe('N/A');
    expect(sqlLabCellText(true)).toBe('True');
    expect(sqlLabCellText(false)).toBe('False');
    expect(sqlLabCellText(12.5)).toBe('12.5');
    expect(sqlLabCellText(12345678901234567890n)).toBe('12345678901234567890');
    expect(sqlLabCellText('2020-01-01T00:00:00')).toBe('2020-01-01T00:00:00');
  });

  it('warns about the limit that cut the rows', () => {
    expect(truncationWarning('DROPDOWN', 1000)).toBe('The number of rows displayed is limited to 1,000 by the limit dropdown.');
    expect(truncationWarning('QUERY', 5)).toBe('The number of rows displayed is limited to 5 by the query.');
    expect(truncationWarning('NOT_LIMITED', 5)).toBeNull();
  });

  it('copies the results as a header line and tab-separated rows, nulls empty, booleans as shown', () => {
    const { meta, rows } = sqlLabResult([
      { column: resultColumn('name', 'STRING', 1), vector: vectorFromArray(['Ada', null], new Utf8()) },
      { column: resultColumn('num', 'DOUBLE', 0), vector: vectorFromArray([12.5, 7], new Float64()) },
      { column: resultColumn('is_girl', 'BOOLEAN', 3), vector: vectorFromArray([true, false], new Bool()) },
    ]);
    expect(resultsAsTabSeparatedText(meta.columns, rows)).toBe('name\tnum\tis_girl\nAda\t12.5\tTrue\n\t7\tFalse\n');

    // Lists and other display types arrive as the server's text; line breaks become spaces.
    const notes = sqlLabResult([{ column: resultColumn('note', 'LIST', 1), vector: vectorFromArray(['two\nlines', '[a, 1]'], new Utf8()) }]);
    expect(resultsAsTabSeparatedText(notes.meta.columns, notes.rows)).toBe('note\ntwo lines\n[a, 1]\n');
  });
});
