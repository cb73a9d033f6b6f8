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

  it('key order does not make a form data stale', () => {
    const reordered: ExploreFormData = { groupby: ['gender'], viz_type: 'pie', datasource: '3__table', color_scheme: 'supersetColors' };
    expect(isQueryStale(ran, reordered, renderTriggers)).toBe(false);
  });

  it('draws with the current render trigger values on the last run', () => {
    const current: ExploreFormData = { ...ran, groupby: ['state'], color_scheme: 'bnbColors' };
    expect(renderedFormData(ran, current, renderTriggers)).toEqual({ ...ran, color_scheme: 'bnbColors' });
    expect(renderedFormData(ran, { ...current, viz_type: 'table' }, renderTriggers)).toBe(ran);
  });
});
