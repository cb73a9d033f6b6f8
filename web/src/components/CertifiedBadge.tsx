import { useId, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';

export interface CertifiedBadgeProps {
  certifiedBy: string;
  details?: string | null;
}

/** Superset's certified tooltip title: "Certified by Data team". */
export function certifiedByText(certifiedBy: string): string {
  return `Certified by ${certifiedBy}`;
}

/**
 * The certified mark (a check in a seal) in front of a certified metric, as Superset's
 * `CertifiedBadge`: hovering or focusing it shows "Certified by {name}" and the details.
 */
export function CertifiedBadge({ certifiedBy, details = null }: CertifiedBadgeProps): JSX.Element {
  // Where the tooltip shows: under the icon, fixed to the window so that no scrolling list clips it.
  const [tooltipPlace, setTooltipPlace] = useState<{ left: number; top: number } | null>(null);
  const iconRef = useRef<SVGSVGElement>(null);
  const tooltipId = useId();
  const hasDetails = details !== null && details.trim() !== '';
  const isTooltipShown = tooltipPlace !== null;

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
        aria-label={certifiedByText(certifiedBy)}
        aria-describedby={isTooltipShown ? tooltipId : undefined}
        data-testid={testIds.certifiedBadge.icon}
        viewBox="0 0 16 16"
      >
        <path d="M8 1l1.8 1.3 2.2-.1.7 2.1 1.8 1.3-.7 2.1.7 2.1-1.8 1.3-.7 2.1-2.2-.1L8 15l-1.8-1.3-2.2.1-.7-2.1-1.8-1.3.7-2.1-.7-2.1 1.8-1.3.7-2.1 2.2.1z" />
        <path d="M5.2 8.2l1.9 1.9 3.7-3.8" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
      </Icon>
      {tooltipPlace !== null && (
        <Tooltip role="tooltip" id={tooltipId} data-testid={testIds.certifiedBadge.tooltip} style={tooltipPlace}>
          <strong>{certifiedByText(certifiedBy)}</strong>
          {hasDetails && <div>{details}</div>}
        </Tooltip>
      )}
    </Root>
  );
}

const Root = styled.span`
  position: relative;
  display: inline-flex;
  flex: none;
  align-items: center;
`;

const Icon = styled.svg`
  width: 14px;
  height: 14px;
  color: ${({ theme }) => theme.colors.surface};
  fill: ${({ theme }) => theme.colors.primary.base};
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
`;
