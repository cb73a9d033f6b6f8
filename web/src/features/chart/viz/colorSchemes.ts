import type { ChartFormData } from './chartRendererProps';
import { recordLabelColor } from './labelColorRegistry';

/** A colour scheme: the name Superset's select shows, and its colours. */
export interface ColorScheme {
  label: string;
  colors: readonly string[];
}

/**
 * Superset's categorical schemes, by `color_scheme` id, in the order the core's catalogue offers
 * them (core-wasm/src/controls/choices.rs `color_schemes`). Colours are Superset 6's. The first is
 * the default.
 */
export const categoricalSchemes: Readonly<Record<string, ColorScheme>> = {
  supersetColors: {
    label: 'Superset Colors',
    colors: [
      '#1FA8C9', '#454E7C', '#5AC189', '#FF7F44', '#666666', '#E04355', '#FCC700', '#A868B7', '#3CCCCB', '#A38F79',
      '#8FD3E4', '#A1A6BD', '#ACE1C4', '#FEC0A1', '#B2B2B2', '#EFA1AA', '#FDE380', '#D3B3DA', '#9EE5E5', '#D1C6BC',
    ],
  },
  bnbColors: {
    label: 'Airbnb Colors',
    colors: [
      '#29696B', '#5BCACE', '#F4B02A', '#F1826A', '#792EB2', '#C96EC6', '#921E50', '#B27700', '#9C3498', '#9C3498',
      '#E4679D', '#C32F0E', '#9D63CA',
    ],
  },
  googleCategory10c: {
    label: 'Google Category 10c',
    colors: ['#3366cc', '#dc3912', '#ff9900', '#109618', '#990099', '#0099c6', '#dd4477', '#66aa00', '#b82e2e', '#316395'],
  },
  googleCategory20c: {
    label: 'Google Category 20c',
    colors: [
      '#3366cc', '#dc3912', '#ff9900', '#109618', '#990099', '#0099c6', '#dd4477', '#66aa00', '#b82e2e', '#316395',
      '#994499', '#22aa99', '#aaaa11', '#6633cc', '#e67300', '#8b0707', '#651067', '#329262', '#5574a6', '#3b3eac',
    ],
  },
  d3Category10: {
    label: 'D3 Category 10',
    colors: ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'],
  },
  d3Category20: {
    label: 'D3 Category 20',
    colors: [
      '#1f77b4', '#aec7e8', '#ff7f0e', '#ffbb78', '#2ca02c', '#98df8a', '#d62728', '#ff9896', '#9467bd', '#c5b0d5',
      '#8c564b', '#c49c94', '#e377c2', '#f7b6d2', '#7f7f7f', '#c7c7c7', '#bcbd22', '#dbdb8d', '#17becf', '#9edae5',
    ],
  },
  d3Category20b: {
    label: 'D3 Category 20b',
    colors: [
      '#393b79', '#5254a3', '#6b6ecf', '#9c9ede', '#637939', '#8ca252', '#b5cf6b', '#cedb9c', '#8c6d31', '#bd9e39',
      '#e7ba52', '#e7cb94', '#843c39', '#ad494a', '#d6616b', '#e7969c', '#7b4173', '#a55194', '#ce6dbd', '#de9ed6',
    ],
  },
  d3Category20c: {
    label: 'D3 Category 20c',
    colors: [
      '#3182bd', '#6baed6', '#9ecae1', '#c6dbef', '#e6550d', '#fd8d3c', '#fdae6b', '#fdd0a2', '#31a354', '#74c476',
      '#a1d99b', '#c7e9c0', '#756bb1', '#9e9ac8', '#bcbddc', '#dadaeb', '#636363', '#969696', '#bdbdbd', '#d9d9d9',
    ],
  },
  echarts4Colors: {
    label: 'ECharts v4.x Colors',
    colors: ['#c23531', '#2f4554', '#61a0a8', '#d48265', '#91c7ae', '#749f83', '#ca8622', '#bda29a', '#6e7074', '#546570', '#c4ccd3'],
  },
  echarts5Colors: {
    label: 'ECharts v5.x Colors',
    colors: ['#5470C6', '#91CC75', '#FAC858', '#EE6666', '#73C0DE', '#3BA272', '#FC8452', '#9A60B4', '#EA7CCC'],
  },
  lyftColors: {
    label: 'Lyft Colors',
    colors: ['#EA0B8C', '#6C838E', '#29ABE2', '#33D9C1', '#9DACB9', '#7560AA', '#2D5584', '#831C4A', '#333D47', '#AC2077'],
  },
  presetColors: {
    label: 'Preset Colors',
    colors: [
      '#6BD3B3', '#FCC550', '#408184', '#66CBE2', '#EE5960', '#484E5A', '#FF874E', '#03748E', '#C9BBAB', '#B17BAA',
      '#B5E9D9', '#FDE2A7', '#9FC0C1', '#B2E5F0', '#F6ACAF', '#A4A6AC', '#FFC3A6', '#81B9C6', '#E4DDD5', '#D9BDD5',
    ],
  },
  modernSunset: {
    label: 'Modern Sunset',
    colors: ['#0080F6', '#254081', '#6C4592', '#A94693', '#DC4180', '#F35193', '#FF7582', '#FF4C5D', '#FF824E', '#FFAD2A', '#FFDB04', '#F3F700'],
  },
  colorsOfRainbow: {
    label: 'Colors of Rainbow',
    colors: ['#41ED86', '#2FC096', '#01DFFF', '#153AE0', '#850AD6', '#BD59FF', '#FF4A96', '#C32668', '#F40000', '#FF8901', '#FFBC0A', '#FFEC43'],
  },
  blueToGreen: {
    label: 'Blue to Green',
    colors: ['#3200A7', '#004CDA', '#0074F1', '#0096EF', '#53BFFF', '#41C8E6', '#30DEDE', '#04D9C7', '#00EAA2', '#A6FF93'],
  },
  redToYellow: {
    label: 'Red to Yellow',
    colors: ['#90042A', '#D60039', '#D1353B', '#E45233', '#F47028', '#FE8E17', '#FFAD00', '#FFCC00', '#FFE601', '#FFF46D'],
  },
  wavesOfBlue: {
    label: 'Waves of Blue',
    colors: ['#070061', '#0A0095', '#0054B4', '#006BE7', '#2289FF', '#4A9FFF', '#76B6FF', '#9DCBFF', '#BEDCFF', '#DAEBFF'],
  },
};
export const defaultCategoricalScheme = 'supersetColors';

/**
 * Sequential schemes (`linear_color_scheme`): colour stops from low to high, in the catalogue's
 * order (`linear_color_schemes`). Colours are Superset 6's; its CSS names (`white`, `yellow`, ...)
 * are written as hex.
 */
export const sequentialSchemes: Readonly<Record<string, ColorScheme>> = {
  superset_seq_1: {
    label: 'Superset Sequential #1',
    colors: ['#F4FAD4', '#D7F1AC', '#A9E3AF', '#82CDBB', '#63C1BF', '#1FA8C9', '#2367AC', '#2A2D84', '#251354', '#050415'],
  },
  superset_seq_2: {
    label: 'Superset Sequential #2',
    colors: ['#FBF1B4', '#FDD093', '#FEAD71', '#FF7F44', '#E04355', '#C53D6F', '#952B7B', '#4F167B', '#251354', '#050415'],
  },
  blue_white_yellow: {
    label: 'blue/white/yellow',
    colors: ['#00d1c1', '#ffffff', '#ffb400'],
  },
  fire: {
    label: 'fire',
    colors: ['#ffffff', '#ffff00', '#ff0000', '#000000'],
  },
  white_black: {
    label: 'white/black',
    colors: ['#ffffff', '#000000'],
  },
  black_white: {
    label: 'black/white',
    colors: ['#000000', '#ffffff'],
  },
  dark_blue: {
    label: 'dark blues',
    colors: ['#EBF5F8', '#6BB1CC', '#357E9B', '#1B4150', '#092935'],
  },
  pink_grey: {
    label: 'pink/grey',
    colors: ['#E70B81', '#FAFAFA', '#666666'],
  },
  greens: {
    label: 'greens',
    colors: ['#ffffcc', '#78c679', '#006837'],
  },
  purples: {
    label: 'purples',
    colors: ['#f2f0f7', '#9e9ac8', '#54278f'],
  },
  oranges: {
    label: 'oranges',
    colors: ['#fef0d9', '#fc8d59', '#b30000'],
  },
  red_yellow_blue: {
    label: 'red/yellow/blue',
    colors: ['#d7191c', '#fdae61', '#ffffbf', '#abd9e9', '#2c7bb6'],
  },
  brown_white_green: {
    label: 'brown/white/green',
    colors: ['#a6611a', '#dfc27d', '#f5f5f5', '#80cdc1', '#018571'],
  },
  purple_white_green: {
    label: 'purple/white/green',
    colors: ['#7b3294', '#c2a5cf', '#f7f7f7', '#a6dba0', '#008837'],
  },
};
export const defaultSequentialScheme = 'superset_seq_1';

/** The categorical scheme's colours; an unknown scheme falls back to the default (spec 002 §5). */
export function categoricalColors(schemeName: unknown): readonly string[] {
  const scheme = typeof schemeName === 'string' ? categoricalSchemes[schemeName] : undefined;
  return (scheme ?? categoricalSchemes[defaultCategoricalScheme])?.colors ?? [];
}

export function sequentialColors(schemeName: unknown): readonly string[] {
  const scheme = typeof schemeName === 'string' ? sequentialSchemes[schemeName] : undefined;
  return (scheme ?? sequentialSchemes[defaultSequentialScheme])?.colors ?? [];
}

/** The schemes as a select's choices, `[id, label]` in the catalogue's order: `['bnbColors', 'Airbnb Colors']`. */
export function colorSchemeChoices(schemes: Readonly<Record<string, ColorScheme>>): [string, string][] {
  return Object.entries(schemes).map(([id, scheme]) => [id, scheme.label]);
}

/**
 * Spec 001 §9: the default chart colour, Superset's `color_picker` default
 * (`{r: 0, g: 122, b: 135, a: 1}`): a chart draws in it when no colour scheme colour applies.
 */
export const defaultChartColor = 'rgba(0,122,135,1)';

/**
 * Colours labels as Superset's categorical scale does: `label_colors` from the form data first,
 * then the scheme's colours in the order labels are first asked for.
 */
export class CategoricalColorScale {
  private readonly colors: readonly string[];
  private readonly fixedColors: ReadonlyMap<string, string>;
  private readonly assigned = new Map<string, string>();
  private readonly onColored: ((label: string, color: string) => void) | null;

  /** `onColored` hears each label's colour (a dashboard chart's scale records them). */
  constructor(colors: readonly string[], fixedColors: ReadonlyMap<string, string> = new Map(), onColored: ((label: string, color: string) => void) | null = null) {
    this.colors = colors;
    this.fixedColors = fixedColors;
    this.onColored = onColored;
  }

  colorOf(label: string): string {
    const fixed = this.fixedColors.get(label) ?? this.assigned.get(label);
    if (fixed !== undefined) {
      this.onColored?.(label, fixed);
      return fixed;
    }
    const color = this.colors[this.assigned.size % Math.max(this.colors.length, 1)] ?? defaultChartColor;
    this.assigned.set(label, color);
    this.onColored?.(label, color);
    return color;
  }
}

/** The scale for a chart's form data: `color_scheme` and `label_colors`. */
export function colorScaleForFormData(formData: ChartFormData): CategoricalColorScale {
  const labelColors = formData.label_colors;
  const fixedColors = new Map<string, string>();
  if (typeof labelColors === 'object' && labelColors !== null) {
    for (const [label, color] of Object.entries(labelColors)) {
      if (typeof color === 'string') fixedColors.set(label, color);
    }
  }
  // A saved chart's colours are recorded for the dashboard showing it (`map_label_colors`).
  const chartId = formData.slice_id;
  const onColored = typeof chartId === 'number' && chartId > 0 ? (label: string, color: string) => recordLabelColor(chartId, label, color) : null;
  return new CategoricalColorScale(categoricalColors(formData.color_scheme), fixedColors, onColored);
}
