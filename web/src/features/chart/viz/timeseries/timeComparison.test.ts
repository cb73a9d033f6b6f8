import { describe, expect, it } from 'vitest';
import type { ChartFormData } from '../chartRendererProps';
import { derivedSeriesStyles, timeOffsetOf } from './timeComparison';

function formData(controls: Record<string, unknown>): ChartFormData {
  return { datasource: '3__table', viz_type: 'echarts_timeseries_line', ...controls };
}

describe('timeOffsetOf', () => {
  it('finds the offset in the names Superset gives shifted series', () => {
    const offsets = ['1 year ago', '1 week ago'];
    expect(timeOffsetOf('SUM(num)__1 year ago', offsets)).toBe('1 year ago');
    expect(timeOffsetOf('1 week ago, boy', offsets)).toBe('1 week ago');
    expect(timeOffsetOf('SUM(num), 1 week ago', offsets)).toBe('1 week ago');
    expect(timeOffsetOf('SUM(num)', offsets)).toBeUndefined();
  });
});

describe('derivedSeriesStyles', () => {
  const names = ['SUM(num)', 'SUM(num)__1 year ago', 'COUNT(*)', 'COUNT(*)__1 year ago', 'COUNT(*)__2 years ago'];

  it('dashes the shifted series of Actual values, one pixel wider per offset', () => {
    const styles = derivedSeriesStyles(names, formData({ comparison_type: 'values', time_compare: ['1 year ago', '2 years ago'] }));
    expect([...styles.keys()]).toEqual(['SUM(num)__1 year ago', 'COUNT(*)__1 year ago', 'COUNT(*)__2 years ago']);
    expect(styles.get('SUM(num)__1 year ago')).toEqual({ isDashed: true, width: 1, opacity: 0.7 });
    expect(styles.get('COUNT(*)__2 years ago')?.width).toBe(2);
  });

  it('derives nothing for Difference and the other computed comparisons', () => {
    expect(derivedSeriesStyles(['difference__SUM(num)__SUM(num)__1 year ago'], formData({ comparison_type: 'difference', time_compare: ['1 year ago'] })).size).toBe(0);
  });

  it('reads a single offset string, an offset used as a renamed series, and query B keys', () => {
    expect(derivedSeriesStyles(['1 year ago'], formData({ comparison_type: 'values', time_compare: '1 year ago' })).has('1 year ago')).toBe(true);
    const queryB = formData({ comparison_type: 'difference', comparison_type_b: 'values', time_compare_b: ['1 week ago'] });
    expect(derivedSeriesStyles(['SUM(num)__1 week ago'], queryB, '_b').has('SUM(num)__1 week ago')).toBe(true);
    expect(derivedSeriesStyles(['SUM(num)__1 week ago'], queryB).size).toBe(0);
  });
});
