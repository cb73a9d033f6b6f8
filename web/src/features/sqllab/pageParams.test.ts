import { describe, expect, it } from 'vitest';
import { forwardedSearch, sqlLabOwnParameters } from './pageParams';

describe('forwardedSearch', () => {
  it('keeps the page parameters a template may read', () => {
    expect(forwardedSearch('?state=CA')).toBe('?state=CA');
    expect(forwardedSearch('?state=CA&gender=girl')).toBe('?state=CA&gender=girl');
    expect(forwardedSearch('?city=San%20Jos%C3%A9')).toBe('?city=San+Jos%C3%A9');
  });

  it("drops SQL Lab's own parameters", () => {
    expect(sqlLabOwnParameters).toEqual(['savedQueryId', 'permalink', 'queryId', 'datasourceKey', 'sql', 'dbid', 'name', 'schema']);
    expect(forwardedSearch('?savedQueryId=7&state=CA')).toBe('?state=CA');
    expect(forwardedSearch('?dbid=1&schema=main&sql=SELECT%201&name=One&datasourceKey=3__table&permalink=abc')).toBe('');
    expect(forwardedSearch('')).toBe('');
  });
});
