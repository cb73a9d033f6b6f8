import type { ComponentType } from 'react';
import { BigNumberChart } from './bigNumber/BigNumberChart';
import { BigNumberTotalChart } from './bigNumber/BigNumberTotalChart';
import { BoxPlotChart } from './boxPlot/BoxPlotChart';
import { BubbleChart } from './bubble/BubbleChart';
import type { ChartRendererProps } from './chartRendererProps';
import { FunnelChart } from './funnel/FunnelChart';
import { GaugeChart } from './gauge/GaugeChart';
import { HeatmapChart } from './heatmap/HeatmapChart';
import { HistogramChart } from './histogram/HistogramChart';
import { PieChart } from './pie/PieChart';
import { PivotTableChart } from './pivotTable/PivotTableChart';
import { RadarChart } from './radar/RadarChart';
import { SunburstChart } from './sunburst/SunburstChart';
import { TableVizRenderer } from './table/TableVizRenderer';
import { MixedTimeseriesChart } from './timeseries/MixedTimeseriesChart';
import { TimeseriesChart } from './timeseries/TimeseriesChart';
import { TreemapChart } from './treemap/TreemapChart';
import { WaterfallChart } from './waterfall/WaterfallChart';

/** Superset's chart gallery categories. */
export type VizCategory = 'Table' | 'Evolution' | 'Part of a Whole' | 'Distribution' | 'Ranking' | 'Correlation' | 'Flow' | 'KPI';

export interface VizDefinition {
  vizType: string;
  name: string;
  category: VizCategory;
  /** True when the renderer sizes itself to its box (a table scrolls instead). */
  isFixedSize: boolean;
  Renderer: ComponentType<ChartRendererProps>;
}

const definitions: readonly VizDefinition[] = [
  { vizType: 'table', name: 'Table', category: 'Table', isFixedSize: false, Renderer: TableVizRenderer },
  { vizType: 'pivot_table_v2', name: 'Pivot Table', category: 'Table', isFixedSize: true, Renderer: PivotTableChart },
  { vizType: 'echarts_timeseries_line', name: 'Line Chart', category: 'Evolution', isFixedSize: true, Renderer: TimeseriesChart },
  { vizType: 'echarts_timeseries_bar', name: 'Bar Chart', category: 'Evolution', isFixedSize: true, Renderer: TimeseriesChart },
  { vizType: 'echarts_area', name: 'Area Chart', category: 'Evolution', isFixedSize: true, Renderer: TimeseriesChart },
  { vizType: 'echarts_timeseries_scatter', name: 'Scatter Plot', category: 'Evolution', isFixedSize: true, Renderer: TimeseriesChart },
  { vizType: 'echarts_timeseries_smooth', name: 'Smooth Line', category: 'Evolution', isFixedSize: true, Renderer: TimeseriesChart },
  { vizType: 'echarts_timeseries_step', name: 'Stepped Line', category: 'Evolution', isFixedSize: true, Renderer: TimeseriesChart },
  { vizType: 'mixed_timeseries', name: 'Mixed Chart', category: 'Evolution', isFixedSize: true, Renderer: MixedTimeseriesChart },
  { vizType: 'waterfall', name: 'Waterfall Chart', category: 'Evolution', isFixedSize: true, Renderer: WaterfallChart },
  { vizType: 'pie', name: 'Pie Chart', category: 'Part of a Whole', isFixedSize: true, Renderer: PieChart },
  { vizType: 'treemap_v2', name: 'Treemap', category: 'Part of a Whole', isFixedSize: true, Renderer: TreemapChart },
  { vizType: 'sunburst_v2', name: 'Sunburst Chart', category: 'Part of a Whole', isFixedSize: true, Renderer: SunburstChart },
  { vizType: 'histogram_v2', name: 'Histogram', category: 'Distribution', isFixedSize: true, Renderer: HistogramChart },
  { vizType: 'box_plot', name: 'Box Plot', category: 'Distribution', isFixedSize: true, Renderer: BoxPlotChart },
  { vizType: 'heatmap_v2', name: 'Heatmap', category: 'Correlation', isFixedSize: true, Renderer: HeatmapChart },
  { vizType: 'bubble_v2', name: 'Bubble Chart', category: 'Correlation', isFixedSize: true, Renderer: BubbleChart },
  { vizType: 'radar', name: 'Radar Chart', category: 'Ranking', isFixedSize: true, Renderer: RadarChart },
  { vizType: 'funnel', name: 'Funnel Chart', category: 'KPI', isFixedSize: true, Renderer: FunnelChart },
  { vizType: 'gauge_chart', name: 'Gauge Chart', category: 'KPI', isFixedSize: true, Renderer: GaugeChart },
  { vizType: 'big_number', name: 'Big Number with Trendline', category: 'KPI', isFixedSize: true, Renderer: BigNumberChart },
  { vizType: 'big_number_total', name: 'Big Number', category: 'KPI', isFixedSize: true, Renderer: BigNumberTotalChart },
];

/** Every renderer, by `viz_type`. */
export const vizRegistry: ReadonlyMap<string, VizDefinition> = new Map(definitions.map((definition) => [definition.vizType, definition]));

/** The renderer for a viz type; unknown types show their result as a table. */
export function vizDefinition(vizType: string): VizDefinition {
  return vizRegistry.get(vizType) ?? (vizRegistry.get('table') as VizDefinition);
}
