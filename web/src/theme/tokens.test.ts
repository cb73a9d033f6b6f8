import { describe, expect, it } from 'vitest';
import { buildColorScale, buildTheme, mixColors } from './tokens';

describe('mixColors', () => {
  it.each([
    ['#2893B3', '#FFFFFF', 0, '#2893B3'],
    ['#2893B3', '#FFFFFF', 100, '#FFFFFF'],
    ['#000000', '#FFFFFF', 50, '#808080'],
    ['#2893B3', '#000000', 20, '#20768F'],
  ])('mixes %s with %s at %i percent into %s', (base, other, percent, expected) => {
    expect(mixColors(base, other, percent)).toBe(expected);
  });
});

describe('buildTheme', () => {
  it('uses the spec primary colour with five light and five dark variants', () => {
    const scale = buildColorScale('#2893B3');
    expect(scale.base).toBe('#2893B3');
    expect(scale.light).toHaveLength(5);
    expect(scale.dark).toHaveLength(5);
    expect(scale.light[4]).toBe(mixColors('#2893B3', '#FFFFFF', 95));
  });

  it('switches surfaces between the default and dark algorithms', () => {
    expect(buildTheme('default').colors.surface).toBe('#FFFFFF');
    expect(buildTheme('dark').colors.surface).toBe('#1F1F1F');
    expect(buildTheme('dark').colors.primary.base).toBe('#2893B3');
  });
});
