import { useId, useMemo, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import { parseMarkdown } from '@/features/dashboard/markdownBlocks';
import { markdownHtml } from '@/features/dashboard/markdownHtml';
import { sanitizedHtml } from '@/features/dashboard/sanitizedHtml';
import { testIds } from '@/testIds';

/**
 * Superset's `WarningIconWithTooltip` beside a column that has a `warning_markdown`: a warning
 * triangle whose tooltip shows the markdown rendered (HTML in it is shown as text, as in a
 * tooltip nothing but the warning's formatting is wanted).
 */
export function ColumnWarningIcon({ warningMarkdown }: { warningMarkdown: string }): JSX.Element {
  // Fixed to the window, under the icon, so that the scrolling column list does not clip it.
  const [tooltipPlace, setTooltipPlace] = useState<{ left: number; top: number } | null>(null);
  const iconRef = useRef<SVGSVGElement>(null);
  const tooltipId = useId();
  const rendered = useMemo(() => sanitizedHtml(markdownHtml(parseMarkdown(warningMarkdown, { allowsHtml: false }))), [warningMarkdown]);

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
        aria-label="Warning"
        aria-describedby={tooltipPlace === null ? undefined : tooltipId}
        data-testid={testIds.explore.columnWarning}
        viewBox="0 0 16 16"
      >
        <path d="M8 1.5l7 12.5H1z" />
        <path d="M8 6v4M8 11.6v.4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </Icon>
      {tooltipPlace !== null && (
        <Tooltip role="tooltip" id={tooltipId} data-testid={testIds.explore.columnWarningTooltip} style={tooltipPlace}>
          {rendered}
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

const Icon = styled.svg`
  width: 14px;
  height: 14px;
  color: ${({ theme }) => theme.colors.surface};
  fill: ${({ theme }) => theme.colors.warning.base};
  outline-offset: 1px;
`;

const Tooltip = styled.span`
  position: fixed;
  z-index: 1000;
  max-width: 260px;
  padding: ${({ theme }) => `${theme.gridUnit}px ${theme.gridUnit * 2}px`};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: rgba(0, 0, 0, 0.85);
  color: #ffffff;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  white-space: normal;

  p {
    margin: 0;
  }
`;
