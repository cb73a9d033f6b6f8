import { useId, type JSX } from 'react';
import { testIds } from '@/testIds';
import type { QuiverTheme } from '@/theme/tokens';
import { legendHeight } from '../ChartLegend';

const maxBarWidth = 160;
const barHeight = 12;
const labelGap = 6;

export interface HeatmapColorScaleProps {
  /** The scheme's stops from low to high. */
  stops: readonly string[];
  /** The formatted ends of the scale. */
  lowLabel: string;
  highLabel: string;
  /** Where the scale's box ends on the right (the plot's width). */
  right: number;
  theme: QuiverTheme;
}

/**
 * The heatmap's continuous legend (Superset's `visualMap`): a gradient bar from the lowest to the
 * highest value, labelled with both ends, in the top right corner of the plot.
 */
export function HeatmapColorScale({ stops, lowLabel, highLabel, right, theme }: HeatmapColorScaleProps): JSX.Element {
  const gradientId = `heatmap-scale-${useId().replace(/:/g, '')}`;
  const barWidth = Math.min(maxBarWidth, right / 3);
  const barRight = right - theme.gridUnit * 2 - labelGap - highLabel.length * 6;
  const barLeft = barRight - barWidth;
  const middle = legendHeight / 2;
  const labelProps = { y: middle, dominantBaseline: 'middle', fontSize: theme.fontSizes.s, fill: theme.colors.text } as const;
  return (
    <g data-testid={testIds.viz.legend} aria-label="Legend">
      <defs>
        <linearGradient id={gradientId}>
          {stops.map((stop, index) => (
            <stop key={index} offset={`${(100 * index) / Math.max(stops.length - 1, 1)}%`} stopColor={stop} />
          ))}
        </linearGradient>
      </defs>
      <text data-testid={testIds.viz.legendItem} x={barLeft - labelGap} textAnchor="end" {...labelProps}>
        {lowLabel}
      </text>
      <rect x={barLeft} y={middle - barHeight / 2} width={barWidth} height={barHeight} rx={2} fill={`url(#${gradientId})`} stroke={theme.colors.border} />
      <text data-testid={testIds.viz.legendItem} x={barRight + labelGap} textAnchor="start" {...labelProps}>
        {highLabel}
      </text>
    </g>
  );
}
