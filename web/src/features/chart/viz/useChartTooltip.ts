import { useTooltip } from '@visx/tooltip';
import type { MouseEvent } from 'react';
import { pointerPosition } from './pointerPosition';

export interface TooltipRow {
  label: string;
  value: string;
  color?: string;
  /** A third, muted column after the value: a share such as "62.50%" or "20.00% (heatmap)". */
  detail?: string;
}

/** What a tooltip shows: a title (the category or timestamp) and one row per value. */
export interface ChartTooltipContent {
  title: string;
  rows: readonly TooltipRow[];
}

export interface ChartTooltipState {
  isOpen: boolean;
  left: number;
  top: number;
  content: ChartTooltipContent | undefined;
  /** Shows the content at the pointer, relative to the plot's SVG. */
  showAtPointer: (event: MouseEvent, content: ChartTooltipContent) => void;
  hide: () => void;
}

/** @visx/tooltip's state with the pointer placement every chart uses. */
export function useChartTooltip(): ChartTooltipState {
  const { tooltipOpen, tooltipLeft, tooltipTop, tooltipData, showTooltip, hideTooltip } = useTooltip<ChartTooltipContent>();
  return {
    isOpen: tooltipOpen,
    left: tooltipLeft ?? 0,
    top: tooltipTop ?? 0,
    content: tooltipData,
    showAtPointer: (event, content) => {
      const point = pointerPosition(event);
      showTooltip({ tooltipLeft: point.x, tooltipTop: point.y, tooltipData: content });
    },
    hide: hideTooltip,
  };
}
