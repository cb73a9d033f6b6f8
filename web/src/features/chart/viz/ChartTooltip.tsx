import { TooltipWithBounds } from '@visx/tooltip';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import type { QuiverTheme } from '@/theme/tokens';
import type { ChartTooltipState } from './useChartTooltip';

/** The tooltip box, themed; place it inside the plot's relatively positioned wrapper. */
export function ChartTooltip({ tooltip, theme }: { tooltip: ChartTooltipState; theme: QuiverTheme }): JSX.Element | null {
  const { content } = tooltip;
  if (!tooltip.isOpen || content === undefined) return null;
  return (
    <TooltipWithBounds
      top={tooltip.top}
      left={tooltip.left}
      // Not `unstyled`: visx drops the `style` of an unstyled tooltip, and this style is the theme's.
      applyPositionStyle
      style={{
        padding: `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px`,
        background: theme.colors.surface,
        color: theme.colors.text,
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.borderRadius,
        boxShadow: '0 2px 8px rgba(0, 0, 0, 0.15)',
        fontSize: theme.fontSizes.s,
        pointerEvents: 'none',
        whiteSpace: 'nowrap',
        zIndex: 2,
      }}
    >
      <div data-testid={testIds.viz.tooltip}>
        <strong>{content.title}</strong>
        {content.rows.map((row, index) => (
          <div key={`${index}:${row.label}`} style={{ display: 'flex', gap: theme.gridUnit * 2, alignItems: 'center' }}>
            {row.color !== undefined && (
              <span aria-hidden style={{ width: 8, height: 8, borderRadius: '50%', background: row.color }} />
            )}
            <span>{row.label}</span>
            <span style={{ marginLeft: 'auto', fontWeight: 600 }}>{row.value}</span>
            {row.detail !== undefined && <span style={{ color: theme.colors.textMuted }}>{row.detail}</span>}
          </div>
        ))}
      </div>
    </TooltipWithBounds>
  );
}
