import type { ChartFormData } from './chartRendererProps';

/** Superset's categorical schemes, by `color_scheme` id. The first is the default. */
export const categoricalSchemes: Readonly<Record<string, readonly string[]>> = {
  supersetColors: [
    '#1FA8C9', '#454E7C', '#5AC189', '#FF7F44', '#666666', '#E04355', '#FCC700', '#A868B7', '#3CCCCB', '#A38F79',
    '#8FD3E4', '#A1A6BD', '#ACE1C4', '#FEC0A1', '#B2B2B2', '#EFA1AA', '#FDE380', '#D3B3DA', '#9EE5E5', '#D1C6BC',
  ],
  d3Category10: ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'],
  bnbColors: [
    '#ff5a5f', '#7b0051', '#007A87', '#00d1c1', '#8ce071', '#ffb400', '#b4a76c', '#ff8083', '#cc0086', '#00a1b3',
    '#00ffeb', '#bbedab', '#ffd266', '#cbc29a', '#ff3339', '#ff1ab1', '#005c66', '#00b3a5', '#55d12e', '#b37e00',
  ],
  googleCategory10c: ['#3366cc', '#dc3912', '#ff9900', '#109618', '#990099', '#0099c6', '#dd4477', '#66aa00', '#b82e2e', '#316395'],
  echarts4Colors: ['#c23531', '#2f4554', '#61a0a8', '#d48265', '#91c7ae', '#749f83', '#ca8622', '#bda29a', '#6e7074', '#546570', '#c4ccd3'],
  echarts5Colors: ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'],
};
export const defaultCategoricalScheme = 'supersetColors';

/** Sequential schemes (`linear_color_scheme`): colour stops from low to high. */
export const sequentialSchemes: Readonly<Record<string, readonly string[]>> = {
  superset_seq_1: ['#E4F3F7', '#8FD3E4', '#1FA8C9', '#146E85', '#0A3742'],
  superset_seq_2: ['#FFF1E9', '#FEC0A1', '#FF7F44', '#B35A30', '#5C2E19'],
  blue_white_yellow: ['#00d1c1', '#ffffff', '#ffb400'],
  fire: ['#ffffff', '#ffff00', '#ff0000', '#000000'],
  white_black: ['#ffffff', '#000000'],
  black_white: ['#000000', '#ffffff'],
  dark_blue: ['#EBF5F8', '#6BB1CC', '#357E9B', '#1B4150', '#092935'],
  pink_grey: ['#E70B81', '#FAFAFA', '#666666'],
  greens: ['#ffffcc', '#78c679', '#006837'],
  purples: ['#f2f0f7', '#9e9ac8', '#54278f'],
  oranges: ['#fef0d9', '#fc8d59', '#b30000'],
  red_yellow_blue: ['#d7191c', '#fdae61', '#ffffbf', '#abd9e9', '#2c7bb6'],
};
export const defaultSequentialScheme = 'superset_seq_1';

/** The categorical scheme's colours; an unknown scheme falls back to the default (spec 002 §5). */
export function categoricalColors(schemeName: unknown): readonly string[] {
  const scheme = typeof schemeName === 'string' ? categoricalSchemes[schemeName] : undefined;
  return scheme ?? categoricalSchemes[defaultCategoricalScheme] ?? [];
}

export function sequentialColors(schemeName: unknown): readonly string[] {
  const scheme = typeof schemeName === 'string' ? sequentialSchemes[schemeName] : undefined;
  return scheme ?? sequentialSchemes[defaultSequentialScheme] ?? [];
}

/**
 * Colours labels as Superset's categorical scale does: `label_colors` from the form data first,
 * then the scheme's colours in the order labels are first asked for.
 */
export class CategoricalColorScale {
  private readonly colors: readonly string[];
  private readonly fixedColors: ReadonlyMap<string, string>;
  private readonly assigned = new Map<string, string>();

  constructor(colors: readonly string[], fixedColors: ReadonlyMap<string, string> = new Map()) {
    this.colors = colors;
    this.fixedColors = fixedColors;
  }

  colorOf(label: string): string {
    const fixed = this.fixedColors.get(label) ?? this.assigned.get(label);
    if (fixed !== undefined) return fixed;
    const color = this.colors[this.assigned.size % Math.max(this.colors.length, 1)] ?? '#1FA8C9';
    this.assigned.set(label, color);
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
  return new CategoricalColorScale(categoricalColors(formData.color_scheme), fixedColors);
}
