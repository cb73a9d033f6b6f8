import { describe, expect, it } from 'vitest';
import type { ExploreFormData } from './exploreFormData';
import { isQueryStale, renderedFormData } from './renderTriggerControls';

const renderTriggers = new Set(['color_scheme', 'show_legend']);
const ran: ExploreFormData = { datasource: '3__table', viz_type: 'pie', groupby: ['gender'], color_scheme: 'supersetColors' };

describe('render trigger controls', () => {
  it('a query control change is stale, a render trigger change is not', () => {
    expect(isQueryStale(ran, { ...ran, groupby: ['state'] }, renderTriggers)).toBe(true);
    expect(isQueryStale(ran, { ...ran, color_scheme: 'bnbColors', show_legend: false }, renderTriggers)).toBe(false);
    expect(isQueryStale(ran, { ...ran, groupby: ['state'] }, renderTriggers) && !isQueryStale(ran, { ...ran }, renderTriggers)).toBe(true);
  });

  it("a run with the chart's own state (a table's page) is not stale", () => {
    expect(isQueryStale({ ...ran, own_state: { currentPage: 2, pageSize: 25 } }, ran, renderTriggers)).toBe(false);
  });

  it('key order does not make a form data stale', () => {
    const reordered: ExploreFormData = { groupby: ['gender'], viz_type: 'pie', datasource: '3__table', color_scheme: 'supersetColors' };
    expect(isQueryStale(ran, reordered, renderTriggers)).toBe(false);
  });

  it('draws with the current render trigger values on the last run', () => {
    const current: ExploreFormData = { ...ran, groupby: ['state'], color_scheme: 'bnbColors' };
    expect(renderedFormData(ran, current, renderTriggers)).toEqual({ ...ran, color_scheme: 'bnbColors' });
    expect(renderedFormData(ran, { ...current, viz_type: 'table' }, renderTriggers)).toBe(ran);
  });

  it('a formula annotation layer only redraws; adding, hiding or retargeting a native layer needs a query', () => {
    const triggers = new Set([...renderTriggers, 'annotation_layers']);
    const trend = { name: 'Trend', annotationType: 'FORMULA', sourceType: '', value: '2x', show: true, color: null };
    const releases = { name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 4, show: true, color: null, width: 1 };
    const withTrend: ExploreFormData = { ...ran, annotation_layers: [trend] };
    expect(isQueryStale(ran, withTrend, triggers)).toBe(false);
    expect(isQueryStale(withTrend, { ...ran, annotation_layers: [{ ...trend, value: '3x' }] }, triggers)).toBe(false);

    const withReleases: ExploreFormData = { ...ran, annotation_layers: [trend, releases] };
    expect(isQueryStale(withTrend, withReleases, triggers)).toBe(true);
    // Colour, width and type of a native layer are drawing only; its layer and visibility are not.
    const restyled = { ...releases, color: '#ff0000', width: 3, annotationType: 'INTERVAL' };
    expect(isQueryStale(withReleases, { ...ran, annotation_layers: [trend, restyled] }, triggers)).toBe(false);
    expect(isQueryStale(withReleases, { ...ran, annotation_layers: [trend, { ...releases, value: 5 }] }, triggers)).toBe(true);
    expect(isQueryStale(withReleases, { ...ran, annotation_layers: [trend, { ...releases, show: false }] }, triggers)).toBe(true);
    expect(isQueryStale(withReleases, withTrend, triggers)).toBe(true);
  });
});
