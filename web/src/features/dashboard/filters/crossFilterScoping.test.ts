import { describe, expect, it } from 'vitest';
import {
  crossFilterScopeOf,
  readCrossFilterSettings,
  withCrossFilterScoping,
  withCrossFiltersEnabled,
  type CrossFilterScoping,
} from './crossFilterScoping';

const root = ['ROOT_ID'];

describe('cross-filter scoping', () => {
  it('reads the global scope and the charts with their own, "global" entries following the global scope', () => {
    const metadata = JSON.stringify({
      global_chart_configuration: { scope: { rootPath: root, excluded: [3] }, chartsInScope: [1, 2] },
      chart_configuration: {
        '1': { id: 1, crossFilters: { scope: 'global', chartsInScope: [2] } },
        '2': { id: 2, crossFilters: { scope: { rootPath: root, excluded: [2, 1] }, chartsInScope: [3] } },
      },
    });
    const { isEnabled, scoping } = readCrossFilterSettings(metadata);
    expect(isEnabled).toBe(true);
    expect(scoping.global).toEqual({ rootPath: root, excluded: [3] });
    expect([...scoping.custom.keys()]).toEqual([2]);
    // A chart never filters itself: the emitter joins the excluded charts.
    expect(crossFilterScopeOf(scoping, 1)).toEqual({ rootPath: root, excluded: [3, 1] });
    expect(crossFilterScopeOf(scoping, 2)).toEqual({ rootPath: root, excluded: [2, 1] });
    expect(crossFilterScopeOf(scoping, 3)).toEqual({ rootPath: root, excluded: [3] });
  });

  it('falls back to the whole dashboard without a configuration', () => {
    const { scoping } = readCrossFilterSettings('{"chart_configuration": {"5": {"id": 5}}}');
    expect(scoping.global).toEqual({ rootPath: root, excluded: [] });
    expect(scoping.custom.size).toBe(0);
  });

  it('writes Superset\'s chart_configuration and global_chart_configuration, keeping the other keys', () => {
    const scoping: CrossFilterScoping = {
      global: { rootPath: root, excluded: [3] },
      custom: new Map([[2, { rootPath: root, excluded: [2, 1] }]]),
    };
    const written = JSON.parse(withCrossFilterScoping('{"stagger_time": 3000, "cross_filters_enabled": true}', scoping, [1, 2, 3])) as Record<string, unknown>;
    expect(written).toEqual({
      stagger_time: 3000,
      cross_filters_enabled: true,
      global_chart_configuration: { scope: { rootPath: root, excluded: [3] }, chartsInScope: [1, 2] },
      chart_configuration: {
        '1': { id: 1, crossFilters: { scope: 'global', chartsInScope: [2] } },
        '2': { id: 2, crossFilters: { scope: { rootPath: root, excluded: [2, 1] }, chartsInScope: [3] } },
        '3': { id: 3, crossFilters: { scope: 'global', chartsInScope: [1, 2] } },
      },
    });
    // Read back, it is the same scoping.
    const reread = readCrossFilterSettings(JSON.stringify(written)).scoping;
    expect(reread.global).toEqual(scoping.global);
    expect([...reread.custom]).toEqual([...scoping.custom]);
  });

  it('turns cross-filtering off and on in the metadata', () => {
    expect(JSON.parse(withCrossFiltersEnabled('{"color_scheme": "bnbColors"}', false))).toEqual({ color_scheme: 'bnbColors', cross_filters_enabled: false });
    expect(readCrossFilterSettings(withCrossFiltersEnabled(null, false)).isEnabled).toBe(false);
    expect(readCrossFilterSettings(withCrossFiltersEnabled('{"cross_filters_enabled": false}', true)).isEnabled).toBe(true);
  });
});
