import { describe, expect, it } from 'vitest';
import { autoRefreshPeriodMs, defaultStaggerTimeMs, readRefreshSettings, staggerDelayMs, withRefreshFrequency } from './autoRefresh';

describe('dashboard auto refresh', () => {
  it('reads the defaults from empty or malformed metadata', () => {
    for (const metadata of [null, '', 'not json', '[]', '{}']) {
      const settings = readRefreshSettings(metadata);
      expect(settings.refreshSeconds).toBe(0);
      expect(settings.staggerTimeMs).toBe(defaultStaggerTimeMs);
      expect(settings.isStaggered).toBe(true);
      expect([...settings.immuneChartIds]).toEqual([]);
    }
  });

  it('reads the frequency, stagger and immune charts', () => {
    const settings = readRefreshSettings(
      JSON.stringify({ refresh_frequency: 30, stagger_time: 2000, stagger_refresh: false, timed_refresh_immune_slices: [4, 'x', 7.5, 9] }),
    );
    expect(settings).toEqual({ refreshSeconds: 30, staggerTimeMs: 2000, isStaggered: false, immuneChartIds: new Set([4, 9]) });
  });

  it('refreshes no faster than the stagger time when staggered', () => {
    expect(autoRefreshPeriodMs(0, { staggerTimeMs: 5000, isStaggered: true })).toBeNull();
    expect(autoRefreshPeriodMs(1, { staggerTimeMs: 5000, isStaggered: true })).toBe(5000);
    expect(autoRefreshPeriodMs(10, { staggerTimeMs: 5000, isStaggered: true })).toBe(10000);
    expect(autoRefreshPeriodMs(1, { staggerTimeMs: 5000, isStaggered: false })).toBe(1000);
  });

  it('spreads the charts over the stagger time', () => {
    const settings = { staggerTimeMs: 5000, isStaggered: true };
    expect([0, 1, 2, 3].map((index) => staggerDelayMs(index, 4, settings))).toEqual([0, 1250, 2500, 3750]);
    expect(staggerDelayMs(3, 4, { ...settings, isStaggered: false })).toBe(0);
    expect(staggerDelayMs(0, 1, settings)).toBe(0);
  });

  it('writes refresh_frequency into the stored metadata, keeping the other keys', () => {
    const stored = JSON.stringify({ color_scheme: 'd3', refresh_frequency: 10, stagger_time: 2000, native_filter_configuration: [] });
    expect(JSON.parse(withRefreshFrequency(stored, 300))).toEqual({
      color_scheme: 'd3',
      refresh_frequency: 300,
      stagger_time: 2000,
      native_filter_configuration: [],
    });
    expect(withRefreshFrequency(null, 0)).toBe('{"refresh_frequency":0}');
    expect(withRefreshFrequency('not json', 60)).toBe('{"refresh_frequency":60}');
    // The dashboard loads with what was saved, under the same stagger rule.
    const saved = readRefreshSettings(withRefreshFrequency(JSON.stringify({ stagger_time: 20000 }), 10));
    expect(saved.refreshSeconds).toBe(10);
    expect(autoRefreshPeriodMs(saved.refreshSeconds, saved)).toBe(20000);
  });
});
