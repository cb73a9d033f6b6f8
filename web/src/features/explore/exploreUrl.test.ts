import { describe, expect, it } from 'vitest';
import { exploreEndpointPath, exploreUrl, urlFormDataParam, withUrlFormData } from './exploreUrl';

const formData = { datasource: '3__table', viz_type: 'table', slice_id: 7, groupby: ['gender'], label_colors: { boy: '#000' } };
const formDataInUrl = encodeURIComponent(JSON.stringify({ datasource: '3__table', viz_type: 'table', slice_id: 7, groupby: ['gender'] }));

/** The decoded query parameters of a URL, in order. */
function paramsOf(url: string): [string, string][] {
  return [...new URL(url, 'http://quiver.test').searchParams.entries()];
}

describe('exploreUrl', () => {
  it("points each endpoint type at Superset's path", () => {
    expect(exploreEndpointPath('base')).toBe('/explore/');
    expect(exploreEndpointPath('standalone')).toBe('/explore/');
    for (const type of ['full', 'json', 'csv', 'query', 'results', 'samples'] as const) {
      expect(exploreEndpointPath(type)).toBe('/superset/explore_json/');
    }
  });

  it('carries the form data as JSON in form_data, without label_colors', () => {
    const url = exploreUrl(formData);
    expect(url.startsWith('/explore/?form_data=')).toBe(true);
    expect(paramsOf(url)).toEqual([['form_data', JSON.stringify({ datasource: '3__table', viz_type: 'table', slice_id: 7, groupby: ['gender'] })]]);
    expect(url).toBe(`/explore/?form_data=${formDataInUrl}`);
  });

  it('asks for the chart alone with standalone=1, and force=1 to skip the cache', () => {
    expect(paramsOf(exploreUrl(formData, 'standalone')).slice(0, 1)).toEqual([['standalone', '1']]);
    expect(paramsOf(exploreUrl(formData, 'standalone', { force: true })).slice(0, 2)).toEqual([
      ['force', '1'],
      ['standalone', '1'],
    ]);
    expect(exploreUrl(formData, 'base', { force: true })).not.toContain('force');
  });

  it.each([
    ['csv', 'csv'],
    ['query', 'query'],
    ['results', 'results'],
    ['samples', 'samples'],
  ] as const)('sets %s=true on explore_json', (type, flag) => {
    const url = exploreUrl(formData, type);
    expect(url.startsWith('/superset/explore_json/?')).toBe(true);
    expect(paramsOf(url).slice(0, 1)).toEqual([[flag, 'true']]);
  });

  it('sends force=true to explore_json and keeps further request parameters first', () => {
    const url = exploreUrl(formData, 'json', { force: true, requestParams: { dashboard_id: '5' } });
    expect(paramsOf(url).map(([name]) => name)).toEqual(['dashboard_id', 'force', 'form_data']);
    expect(paramsOf(url)[1]).toEqual(['force', 'true']);
  });
});

describe('URL form data', () => {
  it('reads a JSON object and nothing else', () => {
    expect(urlFormDataParam('{"slice_id":7}')).toEqual({ slice_id: 7 });
    expect(urlFormDataParam(null)).toBeNull();
    expect(urlFormDataParam(' ')).toBeNull();
    expect(urlFormDataParam('[1]')).toBeNull();
    expect(urlFormDataParam('{nope')).toBeNull();
  });

  it('lays the URL keys over the loaded form data, keeping its datasource and chart', () => {
    const loaded = { datasource: '3__table', viz_type: 'table', slice_id: 7, row_limit: 1000 };
    expect(withUrlFormData(loaded, null)).toBe(loaded);
    expect(withUrlFormData(loaded, { datasource: '9__table', slice_id: 8, viz_type: 'pie', row_limit: 10 })).toEqual({
      datasource: '3__table',
      viz_type: 'pie',
      slice_id: 7,
      row_limit: 10,
    });
  });
});
