import { describe, expect, it } from 'vitest';
import type { ChartFormData } from './chartRendererProps';
import {
  CategoricalColorScale,
  categoricalColors,
  categoricalSchemes,
  colorSchemeChoices,
  colorScaleForFormData,
  defaultCategoricalScheme,
  defaultChartColor,
  defaultSequentialScheme,
  sequentialColors,
  sequentialSchemes,
} from './colorSchemes';

/**
 * The ids the core's catalogue offers (core-wasm/src/controls/choices.rs `color_schemes` and
 * `linear_color_schemes`, in order). The Wasm control panel does not carry these choices, so they
 * are listed here.
 */
const catalogueCategorical = [
  'supersetColors', 'bnbColors', 'googleCategory10c', 'googleCategory20c', 'd3Category10', 'd3Category20', 'd3Category20b',
  'd3Category20c', 'echarts4Colors', 'echarts5Colors', 'lyftColors', 'presetColors', 'modernSunset', 'colorsOfRainbow',
  'blueToGreen', 'redToYellow', 'wavesOfBlue',
];
const catalogueSequential = [
  'superset_seq_1', 'superset_seq_2', 'blue_white_yellow', 'fire', 'white_black', 'black_white', 'dark_blue', 'pink_grey',
  'greens', 'purples', 'oranges', 'red_yellow_blue', 'brown_white_green', 'purple_white_green',
];

/** Superset 6's palettes: [id, length, first colour, last colour]. */
const supersetCategorical: readonly (readonly [string, number, string, string])[] = [
  ['supersetColors', 20, '#1FA8C9', '#D1C6BC'],
  ['bnbColors', 13, '#29696B', '#9D63CA'],
  ['googleCategory10c', 10, '#3366cc', '#316395'],
  ['googleCategory20c', 20, '#3366cc', '#3b3eac'],
  ['d3Category10', 10, '#1f77b4', '#17becf'],
  ['d3Category20', 20, '#1f77b4', '#9edae5'],
  ['d3Category20b', 20, '#393b79', '#de9ed6'],
  ['d3Category20c', 20, '#3182bd', '#d9d9d9'],
  ['echarts4Colors', 11, '#c23531', '#c4ccd3'],
  ['echarts5Colors', 9, '#5470C6', '#EA7CCC'],
  ['lyftColors', 10, '#EA0B8C', '#AC2077'],
  ['presetColors', 20, '#6BD3B3', '#D9BDD5'],
  ['modernSunset', 12, '#0080F6', '#F3F700'],
  ['colorsOfRainbow', 12, '#41ED86', '#FFEC43'],
  ['blueToGreen', 10, '#3200A7', '#A6FF93'],
  ['redToYellow', 10, '#90042A', '#FFF46D'],
  ['wavesOfBlue', 10, '#070061', '#DAEBFF'],
];
const supersetSequential: readonly (readonly [string, number, string, string])[] = [
  ['superset_seq_1', 10, '#F4FAD4', '#050415'],
  ['superset_seq_2', 10, '#FBF1B4', '#050415'],
  ['blue_white_yellow', 3, '#00d1c1', '#ffb400'],
  ['fire', 4, '#ffffff', '#000000'],
  ['white_black', 2, '#ffffff', '#000000'],
  ['black_white', 2, '#000000', '#ffffff'],
  ['dark_blue', 5, '#EBF5F8', '#092935'],
  ['pink_grey', 3, '#E70B81', '#666666'],
  ['greens', 3, '#ffffcc', '#006837'],
  ['purples', 3, '#f2f0f7', '#54278f'],
  ['oranges', 3, '#fef0d9', '#b30000'],
  ['red_yellow_blue', 5, '#d7191c', '#2c7bb6'],
  ['brown_white_green', 5, '#a6611a', '#018571'],
  ['purple_white_green', 5, '#7b3294', '#008837'],
];

const formData = (extra: Record<string, unknown>): ChartFormData => ({ datasource: '1__table', viz_type: 'pie', ...extra });

describe('colour schemes', () => {
  it('uses the named scheme and falls back to supersetColors when unknown', () => {
    expect(categoricalColors('d3Category10')[0]).toBe('#1f77b4');
    expect(categoricalColors('no such scheme')[0]).toBe('#1FA8C9');
    expect(sequentialColors(undefined)[0]).toBe('#F4FAD4');
  });

  it('assigns colours in first-seen order and keeps them per label', () => {
    const scale = colorScaleForFormData(formData({ color_scheme: 'd3Category10' }));
    expect(scale.colorOf('boy')).toBe('#1f77b4');
    expect(scale.colorOf('girl')).toBe('#ff7f0e');
    expect(scale.colorOf('boy')).toBe('#1f77b4');
  });

  it('lets label_colors override the scheme', () => {
    const scale = colorScaleForFormData(formData({ label_colors: { girl: '#123456' } }));
    expect(scale.colorOf('girl')).toBe('#123456');
    expect(scale.colorOf('boy')).toBe('#1FA8C9');
  });

  it('falls back to the default chart colour rgba(0,122,135,1) when no scheme colour applies', () => {
    expect(defaultChartColor).toBe('rgba(0,122,135,1)');
    const scale = new CategoricalColorScale([], new Map([['girl', '#123456']]));
    expect(scale.colorOf('boy')).toBe('rgba(0,122,135,1)');
    expect(scale.colorOf('girl')).toBe('#123456');
  });

  it('offers exactly the catalogue ids, in its order, with the default first', () => {
    expect(Object.keys(categoricalSchemes)).toEqual(catalogueCategorical);
    expect(Object.keys(sequentialSchemes)).toEqual(catalogueSequential);
    expect(catalogueCategorical[0]).toBe(defaultCategoricalScheme);
    expect(catalogueSequential[0]).toBe(defaultSequentialScheme);
  });

  it("labels the schemes as Superset's selects do", () => {
    expect(colorSchemeChoices(categoricalSchemes).slice(0, 3)).toEqual([
      ['supersetColors', 'Superset Colors'],
      ['bnbColors', 'Airbnb Colors'],
      ['googleCategory10c', 'Google Category 10c'],
    ]);
    expect(Object.fromEntries(colorSchemeChoices(categoricalSchemes))).toMatchObject({
      echarts4Colors: 'ECharts v4.x Colors',
      lyftColors: 'Lyft Colors',
      wavesOfBlue: 'Waves of Blue',
    });
    expect(colorSchemeChoices(sequentialSchemes).slice(0, 3)).toEqual([
      ['superset_seq_1', 'Superset Sequential #1'],
      ['superset_seq_2', 'Superset Sequential #2'],
      ['blue_white_yellow', 'blue/white/yellow'],
    ]);
  });

  it.each(catalogueCategorical.filter((id) => id !== defaultCategoricalScheme))(
    'categorical %s resolves to its own palette, not the fallback',
    (id) => {
      expect(categoricalSchemes[id]).toBeDefined();
      expect(categoricalColors(id)).toBe(categoricalSchemes[id]?.colors);
      expect(categoricalColors(id)).not.toEqual(categoricalColors('no such scheme'));
    },
  );

  it.each(catalogueSequential.filter((id) => id !== defaultSequentialScheme))(
    'sequential %s resolves to its own palette, not the fallback',
    (id) => {
      expect(sequentialSchemes[id]).toBeDefined();
      expect(sequentialColors(id)).toBe(sequentialSchemes[id]?.colors);
      expect(sequentialColors(id)).not.toEqual(sequentialColors('no such scheme'));
    },
  );

  it.each(supersetCategorical)("categorical %s has Superset's %i colours from %s to %s", (id, length, first, last) => {
    const colors = categoricalColors(id);
    expect(colors).toHaveLength(length);
    expect(colors[0]).toBe(first);
    expect(colors.at(-1)).toBe(last);
  });

  it.each(supersetSequential)("sequential %s has Superset's %i stops from %s to %s", (id, length, first, last) => {
    const colors = sequentialColors(id);
    expect(colors).toHaveLength(length);
    expect(colors[0]).toBe(first);
    expect(colors.at(-1)).toBe(last);
  });

  it('spot-checks colours inside the palettes', () => {
    expect(categoricalColors('bnbColors')[8]).toBe('#9C3498');
    expect(categoricalColors('googleCategory20c')[10]).toBe('#994499');
    expect(categoricalColors('d3Category20')[1]).toBe('#aec7e8');
    expect(categoricalColors('presetColors')[10]).toBe('#B5E9D9');
    expect(categoricalColors('modernSunset')[5]).toBe('#F35193');
    expect(sequentialColors('superset_seq_1')[5]).toBe('#1FA8C9');
    expect(sequentialColors('brown_white_green')[2]).toBe('#f5f5f5');
    expect(sequentialColors('purple_white_green')[2]).toBe('#f7f7f7');
  });
});
