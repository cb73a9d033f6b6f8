import type { JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';

/** Height the legend takes above a plot. */
export const legendHeight = 28;

export interface LegendItem {
  label: string;
  color: string;
}

export interface ChartLegendProps {
  items: readonly LegendItem[];
  hiddenLabels?: ReadonlySet<string>;
  /** When given, a click on an item hides or shows its series. */
  onToggle?: (label: string) => void;
}

/** A one-line, scrolling legend: a swatch and a label per series or category. */
export function ChartLegend({ items, hiddenLabels, onToggle }: ChartLegendProps): JSX.Element {
  return (
    <LegendList data-testid={testIds.viz.legend} aria-label="Legend">
      {items.map((item) => {
        const isHidden = hiddenLabels?.has(item.label) ?? false;
        return (
          <li key={item.label}>
            <LegendButton
              type="button"
              data-testid={testIds.viz.legendItem}
              aria-pressed={onToggle === undefined ? undefined : !isHidden}
              disabled={onToggle === undefined}
              $isHidden={isHidden}
              onClick={() => onToggle?.(item.label)}
            >
              <Swatch style={{ background: item.color }} aria-hidden />
              {item.label}
            </LegendButton>
          </li>
        );
      })}
    </LegendList>
  );
}

const LegendList = styled.ul`
  display: flex;
  flex-wrap: nowrap;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
  height: ${legendHeight}px;
  margin: 0;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  overflow-x: auto;
  overflow-y: hidden;
  list-style: none;
  align-items: center;
`;

const LegendButton = styled.button<{ $isHidden: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme, $isHidden }) => ($isHidden ? theme.colors.textMuted : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  white-space: nowrap;
  opacity: ${({ $isHidden }) => ($isHidden ? 0.5 : 1)};
  cursor: pointer;

  &:disabled {
    cursor: default;
  }
`;

const Swatch = styled.span`
  width: 10px;
  height: 10px;
  border-radius: 2px;
`;
