import { describe, expect, it } from 'vitest';
import { exploreApiPath, exploreTargetFromSearch, timeRangeApiPath } from './api';

describe('explore target', () => {
  it('reads the datasource and the optional slice', () => {
    const target = exploreTargetFromSearch(new URLSearchParams('datasource_type=table&datasource_id=3&slice_id=12'));
    expect(target).toEqual({ datasourceType: 'table', datasourceId: 3, sliceId: 12, formDataKey: null, permalinkKey: null, urlFormData: null });
    expect(target && exploreApiPath(target)).toBe('/api/v1/explore/?datasource_type=table&datasource_id=3&slice_id=12');
  });

  it('opens a saved chart, a cached state or a permalink without a datasource', () => {
    const bySlice = exploreTargetFromSearch(new URLSearchParams('slice_id=7'));
    expect(bySlice && exploreApiPath(bySlice)).toBe('/api/v1/explore/?slice_id=7');
    const byKey = exploreTargetFromSearch(new URLSearchParams('form_data_key=abc&slice_id=7'));
    expect(byKey && exploreApiPath(byKey)).toBe('/api/v1/explore/?slice_id=7&form_data_key=abc');
    const byPermalink = exploreTargetFromSearch(new URLSearchParams(''), 'p1');
    expect(byPermalink && exploreApiPath(byPermalink)).toBe('/api/v1/explore/?permalink_key=p1');
  });

  it('needs something to explore', () => {
    expect(exploreTargetFromSearch(new URLSearchParams('datasource_type=table'))).toBeNull();
    expect(exploreTargetFromSearch(new URLSearchParams('datasource_id=abc'))).toBeNull();
    expect(exploreTargetFromSearch(new URLSearchParams('form_data_key='))).toBeNull();
    expect(exploreTargetFromSearch(new URLSearchParams('datasource_id=3'))).toEqual({
      datasourceType: 'table',
      datasourceId: 3,
      sliceId: null,
      formDataKey: null,
      permalinkKey: null,
      urlFormData: null,
    });
  });

  it("reads Superset's form_data URL: its chart and dataset, and the form data to lay over", () => {
    const bySlice = exploreTargetFromSearch(new URLSearchParams('form_data=%7B%22slice_id%22%3A7%7D&standalone=1'));
    expect(bySlice).toEqual({ datasourceType: 'table', datasourceId: null, sliceId: 7, formDataKey: null, permalinkKey: null, urlFormData: { slice_id: 7 } });
    expect(bySlice && exploreApiPath(bySlice)).toBe('/api/v1/explore/?slice_id=7');
    const formData = { datasource: '3__table', viz_type: 'pie', groupby: ['gender'] };
    const byDatasource = exploreTargetFromSearch(new URLSearchParams({ form_data: JSON.stringify(formData) }));
    expect(byDatasource?.datasourceId).toBe(3);
    expect(byDatasource?.urlFormData).toEqual(formData);
    expect(exploreTargetFromSearch(new URLSearchParams('form_data=%5B1%5D'))).toBeNull();
    expect(exploreTargetFromSearch(new URLSearchParams('form_data=%7Bnope'))).toBeNull();
  });
});

describe('timeRangeApiPath', () => {
  it('sends the value as one rison string', () => {
    expect(timeRangeApiPath('Last week')).toBe("/api/v1/time_range/?q='Last%20week'");
    expect(timeRangeApiPath('DATEADD(DATETIME("now"), -7, day) : now')).toBe(
      "/api/v1/time_range/?q='DATEADD(DATETIME(%22now%22)%2C%20-7%2C%20day)%20%3A%20now'",
    );
    expect(timeRangeApiPath("it's!")).toBe("/api/v1/time_range/?q='it!'s!!'");
  });
});
