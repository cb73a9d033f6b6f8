import { describe, expect, it } from 'vitest';
import {
  crossFilterValuesByChart,
  datasetIdOf,
  initialDataMasks,
  isDataMaskActive,
  readFilterBarItems,
  readNativeFilters,
} from './nativeFilterConfig';
import { readCrossFilterSettings } from './crossFilterScoping';
import { draftProblem, newFilterDraft, parentsByFilter, scopeOfCharts } from './filterDrafts';

const stateFilter = {
  id: 'NATIVE_FILTER-state',
  name: 'State',
  filterType: 'filter_select',
  type: 'NATIVE_FILTER',
  targets: [{ datasetId: 3, column: { name: 'state' } }],
  controlValues: {},
  defaultDataMask: { extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA'] }] }, filterState: { value: ['CA'] } },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
};

describe('native filter configuration', () => {
  it('reads the filters of json_metadata and skips dividers', () => {
    const metadata = JSON.stringify({
      native_filter_configuration: [stateFilter, { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'More' }],
    });
    expect(readNativeFilters(metadata).map((filter) => filter.id)).toEqual(['NATIVE_FILTER-state']);
    expect(readNativeFilters(null)).toEqual([]);
    expect(readNativeFilters('not json')).toEqual([]);
  });

  it('reads the dataset id of a table datasource key', () => {
    expect(datasetIdOf('12__table')).toBe(12);
    expect(datasetIdOf('12__query')).toBeNull();
  });

  it('turns cross-filters on by default', () => {
    expect(readCrossFilterSettings('{}').isEnabled).toBe(true);
    expect(readCrossFilterSettings('{"cross_filters_enabled": false}').isEnabled).toBe(false);
    expect(readCrossFilterSettings(null).scoping.global).toEqual({ rootPath: ['ROOT_ID'], excluded: [] });
  });

  it('opens with the defaults, then the permalink masks on top', () => {
    const [filter] = readNativeFilters(JSON.stringify({ native_filter_configuration: [stateFilter] }));
    if (filter === undefined) throw new Error('no filter read');
    const defaults = initialDataMasks([filter], undefined);
    expect(defaults['NATIVE_FILTER-state']?.filterState.value).toEqual(['CA']);
    expect(isDataMaskActive(defaults['NATIVE_FILTER-state'])).toBe(true);
    const restored = initialDataMasks([filter], {
      'NATIVE_FILTER-state': { extraFormData: {}, filterState: {} },
      '12': { extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['girl'] }] }, filterState: { value: ['girl'] } },
    });
    expect(isDataMaskActive(restored['NATIVE_FILTER-state'])).toBe(false);
    expect(crossFilterValuesByChart(restored)).toEqual(new Map([[12, ['girl']]]));
  });

  it('checks drafts and builds scopes from chosen charts', () => {
    const draft = newFilterDraft();
    expect(draft.id).toMatch(/^NATIVE_FILTER-/);
    expect(draftProblem(draft)).toBe('Name is required');
    expect(draftProblem({ ...draft, name: 'State' })).toBe('Dataset is required');
    expect(draftProblem({ ...draft, name: 'State', targets: [{ datasetId: 3 }] })).toBe('Column is required');
    expect(draftProblem({ ...draft, name: 'State', targets: [{ datasetId: 3, column: { name: 'state' } }] })).toBeNull();
    expect(scopeOfCharts([1, 2, 3], [2, 3])).toEqual({ rootPath: ['ROOT_ID'], excluded: [1] });
  });

  it('lists the filters and dividers the bar shows, in the configuration order', () => {
    const divider = { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'More', description: 'Other filters' };
    const metadata = JSON.stringify({ native_filter_configuration: [divider, stateFilter, { id: 'SOMETHING-else' }] });
    expect(readFilterBarItems(metadata).map((item) => item.id)).toEqual(['NATIVE_FILTER_DIVIDER-1', 'NATIVE_FILTER-state']);
    expect(readFilterBarItems(null)).toEqual([]);
  });

  it('needs a dataset for the time column and grain, a column for neither, and nothing for the time range', () => {
    const named = { ...newFilterDraft(), name: 'When' };
    expect(draftProblem({ ...named, filterType: 'filter_time', targets: [{}] })).toBeNull();
    expect(draftProblem({ ...named, filterType: 'filter_timegrain', targets: [{}] })).toBe('Dataset is required');
    expect(draftProblem({ ...named, filterType: 'filter_timegrain', targets: [{ datasetId: 3 }] })).toBeNull();
    expect(draftProblem({ ...named, filterType: 'filter_timecolumn', targets: [{ datasetId: 3 }] })).toBeNull();
    expect(draftProblem({ ...named, filterType: 'filter_range', targets: [{ datasetId: 3 }] })).toBe('Column is required');
  });

  it('counts time range, time column and time grain masks as active', () => {
    expect(isDataMaskActive({ extraFormData: { time_range: 'Last week' }, filterState: {} })).toBe(true);
    expect(isDataMaskActive({ extraFormData: { granularity_sqla: 'ds' }, filterState: {} })).toBe(true);
    expect(isDataMaskActive({ extraFormData: { time_grain_sqla: 'P1M' }, filterState: {} })).toBe(true);
    expect(isDataMaskActive({ extraFormData: {}, filterState: {} })).toBe(false);
  });

  it('hands the core each draft with its parents', () => {
    const parent = { ...newFilterDraft(), id: 'NATIVE_FILTER-a' };
    const child = { ...newFilterDraft(), id: 'NATIVE_FILTER-b', cascadeParentIds: ['NATIVE_FILTER-a'] };
    expect(parentsByFilter([parent, child])).toEqual({ 'NATIVE_FILTER-a': [], 'NATIVE_FILTER-b': ['NATIVE_FILTER-a'] });
  });
});
