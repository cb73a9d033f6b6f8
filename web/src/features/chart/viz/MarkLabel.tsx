import type { JSX } from 'react';
import { testIds } from '@/testIds';
import type { QuiverTheme } from '@/theme/tokens';

export interface MarkLabelProps {
  x: number;
  y: number;
  theme: QuiverTheme;
  /** Where the text sits against `y`: centred (default), above it (`auto`) or below it (`hanging`). */
  baseline?: 'middle' | 'auto' | 'hanging';
  children: string;
}

/** A value written on a mark (`show_value`, `show_values`, `show_labels`): small, in the theme's text colour, out of the pointer's way. */
export function MarkLabel({ x, y, theme, baseline = 'middle', children }: MarkLabelProps): JSX.Element {
  return (
    <text
      data-testid={testIds.viz.label}
      x={x}
      y={y}
      textAnchor="middle"
      dominantBaseline={baseline}
      fontSize={theme.fontSizes.xs}
      fill={theme.colors.text}
      pointerEvents="none"
    >
      {children}
    </text>
  );
}
