import type { JSX, ReactNode } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import type { QuiverTheme } from '@/theme/tokens';
import { ChartLegend, legendHeight, type LegendItem } from './ChartLegend';
import { ChartTooltip } from './ChartTooltip';
import type { ChartTooltipState } from './useChartTooltip';

export interface ChartFrameProps {
  width: number;
  height: number;
  theme: QuiverTheme;
  tooltip: ChartTooltipState;
  /** A legend above the plot; null shows none. */
  legendItems: readonly LegendItem[] | null;
  hiddenLabels?: ReadonlySet<string>;
  onLegendToggle?: (label: string) => void;
  /** The SVG's content, drawn in a box of `width` × `plotHeight(height, hasLegend)`. */
  children: ReactNode;
}

/** The plot's height once the legend has its line. */
export function plotHeight(height: number, hasLegend: boolean): number {
  return Math.max(height - (hasLegend ? legendHeight : 0), 0);
}

/** Legend, SVG plot and tooltip, laid out the same way for every chart that is not a table. */
export function ChartFrame(props: ChartFrameProps): JSX.Element {
  const { width, height, theme, tooltip, legendItems } = props;
  return (
    <Frame style={{ width, height }}>
      {legendItems !== null && (
        <ChartLegend items={legendItems} hiddenLabels={props.hiddenLabels} onToggle={props.onLegendToggle} />
      )}
      <PlotArea>
        <svg
          width={width}
          height={plotHeight(height, legendItems !== null)}
          data-testid={testIds.viz.plot}
          role="img"
          aria-label="Chart plot"
          fontFamily={theme.fontFamily}
        >
          {props.children}
        </svg>
        <ChartTooltip tooltip={tooltip} theme={theme} />
      </PlotArea>
    </Frame>
  );
}

const Frame = styled.div`
  display: flex;
  flex-direction: column;
`;

const PlotArea = styled.div`
  position: relative;
`;
