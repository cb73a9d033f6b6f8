import { describe, expect, it } from 'vitest';
import { readFilterBarOrientation, withFilterBarOrientation } from './filterBarOrientation';

describe('filter bar orientation', () => {
  it('is vertical unless json_metadata says HORIZONTAL', () => {
    expect(readFilterBarOrientation(null)).toBe('VERTICAL');
    expect(readFilterBarOrientation('{}')).toBe('VERTICAL');
    expect(readFilterBarOrientation('{"filter_bar_orientation": "sideways"}')).toBe('VERTICAL');
    expect(readFilterBarOrientation('{"filter_bar_orientation": "HORIZONTAL"}')).toBe('HORIZONTAL');
  });

  it('is saved as filter_bar_orientation, keeping the other keys', () => {
    const saved = withFilterBarOrientation('{"cross_filters_enabled": false, "filter_bar_orientation": "VERTICAL"}', 'HORIZONTAL');
    expect(JSON.parse(saved)).toEqual({ cross_filters_enabled: false, filter_bar_orientation: 'HORIZONTAL' });
    expect(readFilterBarOrientation(saved)).toBe('HORIZONTAL');
  });
});
