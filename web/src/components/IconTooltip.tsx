import { useId, useRef, useState, type JSX, type ReactNode } from 'react';
import styled from 'styled-components';

export interface IconTooltipProps {
  /** The icon's accessible name. */
  label: string;
  /** The SVG content drawn in a 16 x 16 view box. */
  icon: ReactNode;
  /** What the tooltip shows while the icon is hovered or focused. */
  tooltip: ReactNode;
  /** The icon's fill: `warning` for a warning triangle, `primary` for a mark such as certified. */
  tone: 'warning' | 'primary';
  iconTestId: string;
  tooltipTestId: string;
}

/**
 * A small icon with a tooltip shown while it is hovered or focused (Superset's icon-with-tooltip
 * pattern: the certified badge, the column warning). The tooltip is fixed to the window, under the
 * icon, so that no scrolling list clips it.
 */
export function IconTooltip({ label, icon, tooltip, tone, iconTestId, tooltipTestId }: IconTooltipProps): JSX.Element {
  const [tooltipPlace, setTooltipPlace] = useState<{ left: number; top: number } | null>(null);
  const iconRef = useRef<SVGSVGElement>(null);
  const tooltipId = useId();

  function showTooltip(): void {
    const rect = iconRef.current?.getBoundingClientRect();
    setTooltipPlace({ left: rect?.left ?? 0, top: (rect?.bottom ?? 0) + 4 });
  }

  return (
    <Root onMouseEnter={showTooltip} onMouseLeave={() => setTooltipPlace(null)} onFocus={showTooltip} onBlur={() => setTooltipPlace(null)}>
      <Icon
        ref={iconRef}
        role="img"
        tabIndex={0}
        aria-label={label}
        aria-describedby={tooltipPlace === null ? undefined : tooltipId}
        data-testid={iconTestId}
        viewBox="0 0 16 16"
        $tone={tone}
      >
        {icon}
      </Icon>
      {tooltipPlace !== null && (
        <Tooltip role="tooltip" id={tooltipId} data-testid={tooltipTestId} style={tooltipPlace}>
          {tooltip}
        </Tooltip>
      )}
    </Root>
  );
}

const Root = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
`;

const Icon = styled.svg<{ $tone: 'warning' | 'primary' }>`
  width: 14px;
  height: 14px;
  color: ${({ theme }) => theme.colors.surface};
  fill: ${({ theme, $tone }) => theme.colors[$tone].base};
  outline-offset: 1px;
`;

const Tooltip = styled.span`
  position: fixed;
  z-index: 1000;
  min-width: 160px;
  max-width: 260px;
  padding: ${({ theme }) => `${theme.gridUnit}px ${theme.gridUnit * 2}px`};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: rgba(0, 0, 0, 0.85);
  color: #ffffff;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-style: normal;
  font-weight: 400;
  white-space: normal;

  p {
    margin: 0;
  }
`;
