import { fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { buildTheme, type QuiverTheme } from '@/theme/tokens';
import { BoxPlotChart } from './boxPlot/BoxPlotChart';
import { BubbleChart } from './bubble/BubbleChart';
import { noResultsMessage } from './ChartEmptyState';
import type { ChartQueryData, ChartRendererProps } from './chartRendererProps';
import { FunnelChart } from './funnel/FunnelChart';
import { GaugeChart } from './gauge/GaugeChart';
import { HeatmapChart } from './heatmap/HeatmapChart';
import { HistogramChart } from './histogram/HistogramChart';
import { RadarChart } from './radar/RadarChart';
import { column, queryData, rendererProps } from './rendererTestProps';
import { SunburstChart } from './sunburst/SunburstChart';
import { TreemapChart } from './treemap/TreemapChart';
import { WaterfallChart } from './waterfall/WaterfallChart';

type ColorToken = keyof Pick<QuiverTheme['colors'], 'surface' | 'surfaceMuted' | 'border' | 'text' | 'textMuted'>;

interface RendererCase {
  vizType: string;
  Renderer: ComponentType<ChartRendererProps>;
  data: ChartQueryData;
  formData: Record<string, unknown>;
  /** An element drawn in a theme token's colour, and which attribute holds it. */
  themed: { selector: string; attribute: 'fill' | 'stroke'; token: ColorToken };
  /** Where the pointer goes to open the tooltip. */
  hoverTarget: () => Element;
}

const firstMark = (): Element => screen.getAllByTestId(testIds.viz.mark)[0] as Element;
const axisTickLabel = { selector: '.visx-axis-tick text', attribute: 'fill', token: 'textMuted' } as const;
const markBorder = { selector: `[data-testid="${testIds.viz.mark}"]`, attribute: 'stroke', token: 'surface' } as const;
const byState = queryData(column('state', 1, ['CA', 'NY']), column('SUM(num)', 0, [60, 40]));
const byStateAndGender = queryData(column('state', 1, ['CA', 'CA', 'NY']), column('gender', 1, ['boy', 'girl', 'boy']), column('SUM(num)', 0, [60, 30, 10]));

const cases: RendererCase[] = [
  {
    vizType: 'histogram_v2',
    Renderer: HistogramChart,
    data: queryData(column('gender', 1, ['boy', 'girl']), column('0 - 10', 0, [3, 4]), column('10 - 20', 0, [5, 1])),
    formData: { column: 'num', groupby: ['gender'] },
    themed: axisTickLabel,
    hoverTarget: () => screen.getByTestId(testIds.viz.pointerArea),
  },
  {
    vizType: 'box_plot',
    Renderer: BoxPlotChart,
    data: queryData(
      column('region', 1, ['East']),
      ...['mean', 'median', 'max', 'min', 'q1', 'q3', 'count'].map((statistic, index) => column(`sales__${statistic}`, 0, [index + 1])),
      column('sales__outliers', 1, ['[]']),
    ),
    formData: { columns: ['region'] },
    themed: { selector: '[data-kind="whisker"]', attribute: 'stroke', token: 'text' },
    hoverTarget: firstMark,
  },
  {
    vizType: 'heatmap_v2',
    Renderer: HeatmapChart,
    data: byStateAndGender,
    formData: { x_axis: 'state', groupby: ['gender'] },
    themed: axisTickLabel,
    hoverTarget: firstMark,
  },
  { vizType: 'funnel', Renderer: FunnelChart, data: byState, formData: { groupby: ['state'] }, themed: markBorder, hoverTarget: firstMark },
  {
    vizType: 'gauge_chart',
    Renderer: GaugeChart,
    data: byState,
    formData: { groupby: ['state'] },
    themed: { selector: '[data-kind="axis-line"]', attribute: 'fill', token: 'surfaceMuted' },
    hoverTarget: firstMark,
  },
  { vizType: 'treemap_v2', Renderer: TreemapChart, data: byStateAndGender, formData: { groupby: ['state', 'gender'] }, themed: markBorder, hoverTarget: firstMark },
  { vizType: 'sunburst_v2', Renderer: SunburstChart, data: byStateAndGender, formData: { columns: ['state', 'gender'] }, themed: markBorder, hoverTarget: firstMark },
  {
    vizType: 'bubble_v2',
    Renderer: BubbleChart,
    data: queryData(column('country', 1, ['France']), column('AVG(life)', 0, [82]), column('AVG(gdp)', 0, [41000]), column('SUM(pop)', 0, [67000000])),
    formData: { entity: 'country' },
    themed: axisTickLabel,
    hoverTarget: firstMark,
  },
  { vizType: 'waterfall', Renderer: WaterfallChart, data: byState, formData: { x_axis: 'state' }, themed: axisTickLabel, hoverTarget: firstMark },
  {
    vizType: 'radar',
    Renderer: RadarChart,
    data: queryData(column('team', 1, ['A']), column('SUM(goals)', 0, [10]), column('SUM(wins)', 0, [3]), column('SUM(fouls)', 0, [7])),
    formData: { groupby: ['team'] },
    themed: { selector: '[data-kind="grid"]', attribute: 'stroke', token: 'border' },
    hoverTarget: firstMark,
  },
];

/** The same columns without a row. */
function withoutRows(data: ChartQueryData): ChartQueryData {
  return queryData(...data.columns.map((entry) => ({ ...entry, values: [] })));
}

describe.each(cases)('$vizType renderer', ({ vizType, Renderer, data, formData, themed, hoverTarget }) => {
  it('draws in the dark theme with its tokens, tooltip included', () => {
    const light = buildTheme('default');
    const dark = buildTheme('dark');
    expect(light.colors[themed.token]).not.toBe(dark.colors[themed.token]);
    const { container, unmount } = renderWithTheme(<Renderer {...rendererProps(vizType, data, formData)} />);
    expect(container.querySelector(themed.selector)?.getAttribute(themed.attribute)).toBe(light.colors[themed.token]);
    unmount();

    const darkRender = renderWithTheme(<Renderer {...rendererProps(vizType, data, formData)} theme={dark} />);
    expect(darkRender.container.querySelector(themed.selector)?.getAttribute(themed.attribute)).toBe(dark.colors[themed.token]);
    fireEvent.mouseMove(hoverTarget(), { clientX: 80, clientY: 80 });
    const tooltipBox = screen.getByTestId(testIds.viz.tooltip).parentElement as HTMLElement;
    expect(tooltipBox.style.background).toBe(dark.colors.surface);
    expect(tooltipBox.style.color).toBe(dark.colors.text);
    expect(dark.colors.surface).toBe('#1F1F1F');
  });

  it('shows the shared empty state for a result without rows', () => {
    renderWithTheme(<Renderer {...rendererProps(vizType, withoutRows(data), formData)} />);
    expect(screen.getByTestId(testIds.chart.empty).textContent).toBe(noResultsMessage);
    expect(screen.queryByTestId(testIds.viz.mark)).toBeNull();
  });
});
