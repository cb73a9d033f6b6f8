import { describe, expect, it } from 'vitest';
import {
  brandColors,
  breakpoints,
  buildColorScale,
  compactFontSizes,
  defaultBrandLogo,
  buildNamedTheme,
  buildTheme,
  darkVariantPercents,
  fontFamily,
  fontSizes,
  lightVariantPercents,
  mixColors,
  namedThemeTokens,
  narrowerThan,
  themeNames,
  type ThemeAlgorithm,
} from './tokens';

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

describe('buildColorScale', () => {
  it('mixes the spec primary #2893B3 with 20, 45, 70, 90 and 95 percent white and 10, 20, 40, 60 and 80 percent black', () => {
    expect(lightVariantPercents).toEqual([20, 45, 70, 90, 95]);
    expect(darkVariantPercents).toEqual([10, 20, 40, 60, 80]);
    const scale = buildColorScale('#2893B3');
    expect(scale.base).toBe('#2893B3');
    expect(scale.light).toEqual([20, 45, 70, 90, 95].map((percent) => mixColors('#2893B3', '#FFFFFF', percent)));
    expect(scale.dark).toEqual([10, 20, 40, 60, 80].map((percent) => mixColors('#2893B3', '#000000', percent)));
    // (40, 147, 179) with 20 % white is (83, 169, 194); with 95 % white (244, 250, 251).
    expect([scale.light[0], scale.light[4]]).toEqual(['#53A9C2', '#F4FAFB']);
    // With 10 % black (36, 132, 161); with 80 % black (8, 29, 36).
    expect([scale.dark[0], scale.dark[4]]).toEqual(['#2484A1', '#081D24']);
  });
});

describe('buildTheme', () => {
  it.each<ThemeAlgorithm>(['default', 'dark'])('carries the brand colours, their scales, the font family and sizes in the %s algorithm', (algorithm) => {
    const theme = buildTheme(algorithm);
    expect(theme.algorithm).toBe(algorithm);
    expect(brandColors.primary).toBe('#2893B3');
    expect(theme.colors.primary).toEqual(buildColorScale('#2893B3'));
    expect(theme.colors.link).toBe(brandColors.link);
    expect(theme.colors.error).toEqual(buildColorScale(brandColors.error));
    expect(theme.colors.warning).toEqual(buildColorScale(brandColors.warning));
    expect(theme.colors.success).toEqual(buildColorScale(brandColors.success));
    expect(theme.colors.info).toEqual(buildColorScale(brandColors.info));
    expect(theme.fontFamily).toBe(fontFamily);
    expect(fontFamily.split(', ')[0]).toBe('Inter');
    expect(theme.fontSizes).toEqual({ xxs: 8, xs: 10, s: 12, m: 14, l: 16, xl: 21, xxl: 28 });
    expect(theme.fontSizes).toBe(fontSizes);
  });

  it('switches surfaces and text between the default and dark algorithms', () => {
    const light = buildTheme('default').colors;
    const dark = buildTheme('dark').colors;
    expect([light.background, light.surface, light.text]).toEqual(['#F7F7F7', '#FFFFFF', '#1F1F1F']);
    expect([dark.background, dark.surface, dark.text]).toEqual(['#141414', '#1F1F1F', '#E8E8E8']);
  });
});

describe('the compact algorithm', () => {
  it.each<ThemeAlgorithm>(['default', 'dark'])('makes the %s algorithm smaller: fonts one step down, a 3 px grid unit, 28 px controls', (algorithm) => {
    const regular = buildTheme(algorithm);
    const compact = buildTheme(algorithm, true);
    expect([regular.isCompact, compact.isCompact]).toEqual([false, true]);
    expect(compact.fontSizes).toEqual({ xxs: 8, xs: 8, s: 10, m: 12, l: 14, xl: 16, xxl: 21 });
    expect(compact.fontSizes).toBe(compactFontSizes);
    expect([regular.gridUnit, compact.gridUnit]).toEqual([4, 3]);
    expect([regular.controlHeight, compact.controlHeight]).toEqual([32, 28]);
    // The base size of compact is the regular small size, and no size grows.
    expect(compact.fontSizes.m).toBe(regular.fontSizes.s);
    for (const size of Object.keys(fontSizes) as (keyof typeof fontSizes)[]) expect(compact.fontSizes[size]).toBeLessThanOrEqual(regular.fontSizes[size]);
    // Colours follow the colour algorithm only.
    expect(compact.colors).toEqual(regular.colors);
    expect(compact.algorithm).toBe(algorithm);
  });
});

describe('the brand logo tokens', () => {
  it('carry alt, url, href, height and margin in every algorithm', () => {
    const { url, ...placement } = defaultBrandLogo;
    expect(placement).toEqual({ alt: 'Quiver', href: '/superset/welcome/', height: '24px', margin: '12px 0' });
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(defaultBrandLogo.url)).toContain('>Quiver</text>');
    expect(buildTheme('dark', true).brandLogo).toBe(defaultBrandLogo);
    expect(buildTheme('default').brandLogo).toBe(defaultBrandLogo);
  });
});

describe('breakpoints', () => {
  it('are 576, 768, 992 and 1200 px, in the theme too', () => {
    expect(Object.values(breakpoints)).toEqual([576, 768, 992, 1200]);
    expect(buildTheme('dark').breakpoints).toEqual({ xs: 576, s: 768, m: 992, l: 1200 });
  });

  it('give the media query of the screens narrower than each', () => {
    expect(narrowerThan('xs')).toBe('@media (max-width: 575px)');
    expect(narrowerThan('s')).toBe('@media (max-width: 767px)');
    expect(narrowerThan('m')).toBe('@media (max-width: 991px)');
    expect(narrowerThan('l')).toBe('@media (max-width: 1199px)');
  });
});

describe('the named themes', () => {
  it('are superset, dark and funky (spec 002 section 9)', () => {
    expect(themeNames).toEqual(['superset', 'dark', 'funky']);
    expect(buildTheme('default').name).toBe('superset');
    expect(buildTheme('dark').name).toBe('dark');
    expect(buildNamedTheme('superset')).toEqual(buildTheme('default'));
    expect(buildNamedTheme('dark', true)).toEqual(buildTheme('dark', true));
  });

  it('draw funky with the light algorithm, a magenta primary (#FF00FF) and 10 px corners', () => {
    expect(namedThemeTokens.funky).toEqual({ algorithm: 'default', colorPrimary: '#FF00FF', borderRadius: 10 });
    const funky = buildNamedTheme('funky');
    const superset = buildNamedTheme('superset');
    expect([funky.name, funky.algorithm]).toEqual(['funky', 'default']);
    expect(funky.colors.primary).toEqual(buildColorScale('#FF00FF'));
    // (255, 0, 255) with 20 % white is (255, 51, 255); with 10 % black (230, 0, 230).
    expect([funky.colors.primary.light[0], funky.colors.primary.dark[0]]).toEqual(['#FF33FF', '#E600E6']);
    expect(funky.colors.link).toBe('#FF00FF');
    expect([superset.borderRadius, funky.borderRadius]).toEqual([4, 10]);
    // The rest is the light theme's: surfaces, text, the status colours and the fonts.
    const withoutPrimaryAndLink = (colors: object): [string, unknown][] => Object.entries(colors).filter(([key]) => key !== 'primary' && key !== 'link');
    expect(withoutPrimaryAndLink(funky.colors)).toEqual(withoutPrimaryAndLink(superset.colors));
    expect(withoutPrimaryAndLink(funky.colors).map(([key]) => key)).toContain('surface');
    expect(funky.fontSizes).toBe(fontSizes);
  });

  it('combine funky with compact', () => {
    const compactFunky = buildNamedTheme('funky', true);
    expect([compactFunky.isCompact, compactFunky.gridUnit, compactFunky.controlHeight, compactFunky.borderRadius]).toEqual([true, 3, 28, 10]);
    expect(compactFunky.fontSizes).toBe(compactFontSizes);
    expect(compactFunky.colors.primary.base).toBe('#FF00FF');
  });
});
