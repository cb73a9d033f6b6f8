/**
 * The spec's theme tokens (spec 000 sections 3 and 9, spec 002 section 9): the named themes
 * superset, dark and funky, each one compact or not.
 */

/** The colour algorithm. */
export type ThemeAlgorithm = 'default' | 'dark';

/** Spec 002 section 9's themes: superset (the default), dark and funky; compact combines with each. */
export type ThemeName = 'superset' | 'dark' | 'funky';

export const themeNames: readonly ThemeName[] = ['superset', 'dark', 'funky'];

/** The tokens a named theme sets over the common ones. */
export interface NamedThemeTokens {
  algorithm: ThemeAlgorithm;
  /** The primary (and link) colour; its light and dark variants are mixed from it. */
  colorPrimary: string;
  /** The corner radius of controls, cards and popovers (px). */
  borderRadius: number;
}

export const brandColors = {
  primary: '#2893B3',
  link: '#2893B3',
  error: '#E04355',
  warning: '#FCC700',
  success: '#5AC189',
  info: '#66BCFE',
} as const;

/**
 * Each named theme's tokens, as Superset defines its themes: `superset` is the light algorithm with
 * the spec's primary #2893B3 and 4 px corners; `dark` the same over the dark algorithm; `funky` the
 * light algorithm with a magenta primary (#FF00FF) and 10 px corners.
 */
export const namedThemeTokens: Record<ThemeName, NamedThemeTokens> = {
  superset: { algorithm: 'default', colorPrimary: brandColors.primary, borderRadius: 4 },
  dark: { algorithm: 'dark', colorPrimary: brandColors.primary, borderRadius: 4 },
  funky: { algorithm: 'default', colorPrimary: '#FF00FF', borderRadius: 10 },
};

export const fontFamily = "Inter, Helvetica, Arial, sans-serif";
export const monospaceFontFamily = "'Fira Code', 'Courier New', monospace";

/** Font sizes in px. */
export const fontSizes = { xxs: 8, xs: 10, s: 12, m: 14, l: 16, xl: 21, xxl: 28 } as const;

export type FontSizes = Record<keyof typeof fontSizes, number>;

/**
 * The compact algorithm's font sizes, as Ant Design's compact algorithm: each size one step down,
 * so the base size (m) is the default's small size, 12 px; 8 px stays the floor.
 */
export const compactFontSizes: FontSizes = { xxs: 8, xs: 8, s: 10, m: 12, l: 14, xl: 16, xxl: 21 };

/** Spacing is a multiple of the grid unit (px). */
export const gridUnit = 4;
/** The compact algorithm's grid unit: every spacing a quarter tighter. */
export const compactGridUnit = 3;

/** The height of inputs, selects and buttons (px): Ant Design's 32, and 28 when compact. */
export const controlHeight = 32;
export const compactControlHeight = 28;

/**
 * Spec 000 section 3, the brand logo tokens (Superset's `brandLogoAlt`, `brandLogoUrl`,
 * `brandLogoHref`, `brandLogoHeight`, `brandLogoMargin`): the image the nav bar shows, where a click
 * on it goes, its height and its margin (CSS lengths).
 */
export interface BrandLogo {
  alt: string;
  url: string;
  href: string;
  height: string;
  margin: string;
}

/** Quiver's mark: a quiver of three arrows beside the word, in the primary colour. */
const quiverLogoSvg =
  "<svg xmlns='http://www.w3.org/2000/svg' width='112' height='24' viewBox='0 0 112 24'>" +
  "<g fill='none' stroke='#2893B3' stroke-width='2' stroke-linecap='round'>" +
  "<path d='M5 21 L13 3 M9 21 L15 6 M13 21 L18 9'/><path d='M3 15 h14 v7 H3 z'/></g>" +
  "<text x='26' y='18' font-family='Inter, Helvetica, Arial, sans-serif' font-size='17' font-weight='700' fill='#2893B3'>Quiver</text>" +
  '</svg>';

export const defaultBrandLogo: BrandLogo = {
  alt: 'Quiver',
  url: `data:image/svg+xml,${encodeURIComponent(quiverLogoSvg)}`,
  href: '/superset/welcome/',
  height: '24px',
  margin: '12px 0',
};

/** The spec's colour variant mixing: percent of white for light variants, of black for dark ones. */
export const lightVariantPercents = [20, 45, 70, 90, 95] as const;
export const darkVariantPercents = [10, 20, 40, 60, 80] as const;

/** Responsive breakpoints in px (spec 000 §9, 001 §9). */
export const breakpoints = { xs: 576, s: 768, m: 992, l: 1200 } as const;

export type Breakpoint = keyof typeof breakpoints;

/** The media query of screens narrower than a breakpoint: `narrowerThan('s')` is `@media (max-width: 767px)`. */
export function narrowerThan(breakpoint: Breakpoint): string {
  return `@media (max-width: ${breakpoints[breakpoint] - 1}px)`;
}

export interface ColorScale {
  base: string;
  /** Mixed with white at 20, 45, 70, 90 and 95 percent. */
  light: readonly string[];
  /** Mixed with black at 10, 20, 40, 60 and 80 percent. */
  dark: readonly string[];
}

export interface QuiverTheme {
  name: ThemeName;
  algorithm: ThemeAlgorithm;
  /** The compact algorithm: smaller fonts, spacing and controls. */
  isCompact: boolean;
  brandLogo: BrandLogo;
  colors: {
    primary: ColorScale;
    link: string;
    error: ColorScale;
    warning: ColorScale;
    success: ColorScale;
    info: ColorScale;
    background: string;
    surface: string;
    surfaceMuted: string;
    border: string;
    text: string;
    textMuted: string;
    textOnPrimary: string;
    overlay: string;
  };
  fontFamily: string;
  monospaceFontFamily: string;
  fontSizes: FontSizes;
  breakpoints: typeof breakpoints;
  gridUnit: number;
  controlHeight: number;
  borderRadius: number;
}

function parseHexColor(hex: string): [number, number, number] {
  const digits = hex.replace('#', '');
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as [number, number, number];
}

function toHexByte(channel: number): string {
  return Math.round(channel).toString(16).padStart(2, '0').toUpperCase();
}

/** Mixes `percent` of `other` into `base`: mixColors('#2893B3', '#FFFFFF', 20) is 20 percent white. */
export function mixColors(base: string, other: string, percent: number): string {
  const baseChannels = parseHexColor(base);
  const otherChannels = parseHexColor(other);
  const weight = percent / 100;
  const mixed = baseChannels.map((channel, index) => channel * (1 - weight) + (otherChannels[index] ?? 0) * weight);
  return `#${mixed.map(toHexByte).join('')}`;
}

export function buildColorScale(base: string): ColorScale {
  return {
    base,
    light: lightVariantPercents.map((percent) => mixColors(base, '#FFFFFF', percent)),
    dark: darkVariantPercents.map((percent) => mixColors(base, '#000000', percent)),
  };
}

/** The theme of a colour algorithm, compact or not (Ant Design combines compact with either). */
export function buildTheme(algorithm: ThemeAlgorithm, isCompact = false): QuiverTheme {
  return buildNamedTheme(algorithm === 'dark' ? 'dark' : 'superset', isCompact);
}

/** A named theme (superset, dark or funky), compact or not. */
export function buildNamedTheme(name: ThemeName, isCompact = false): QuiverTheme {
  const { algorithm, colorPrimary, borderRadius } = namedThemeTokens[name];
  const isDark = algorithm === 'dark';
  return {
    name,
    algorithm,
    isCompact,
    brandLogo: defaultBrandLogo,
    colors: {
      primary: buildColorScale(colorPrimary),
      link: colorPrimary,
      error: buildColorScale(brandColors.error),
      warning: buildColorScale(brandColors.warning),
      success: buildColorScale(brandColors.success),
      info: buildColorScale(brandColors.info),
      background: isDark ? '#141414' : '#F7F7F7',
      surface: isDark ? '#1F1F1F' : '#FFFFFF',
      surfaceMuted: isDark ? '#2A2A2A' : '#F0F0F0',
      border: isDark ? '#424242' : '#E0E0E0',
      text: isDark ? '#E8E8E8' : '#1F1F1F',
      textMuted: isDark ? '#A6A6A6' : '#666666',
      textOnPrimary: '#FFFFFF',
      overlay: isDark ? 'rgba(0, 0, 0, 0.65)' : 'rgba(0, 0, 0, 0.45)',
    },
    fontFamily,
    monospaceFontFamily,
    fontSizes: isCompact ? compactFontSizes : fontSizes,
    breakpoints,
    gridUnit: isCompact ? compactGridUnit : gridUnit,
    controlHeight: isCompact ? compactControlHeight : controlHeight,
    borderRadius,
  };
}
