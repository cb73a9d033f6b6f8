import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import type { AlteredRow } from '@/wasm/chartDiff';
import { ChartChangesModal } from './ChartChangesModal';

export const alteredLabelText = 'Altered';
export const alteredLabelTooltip = 'Click to see difference';

export interface AlteredLabelProps {
  /** The altered controls of the open chart; no label when there are none. */
  rows: readonly AlteredRow[];
}

/** Superset's `AlteredSliceTag`: a warning label beside the chart's name that opens 'Chart changes'. */
export function AlteredLabel({ rows }: AlteredLabelProps): JSX.Element | null {
  const [isOpen, setIsOpen] = useState(false);
  if (rows.length === 0) return null;
  return (
    <>
      <Label type="button" title={alteredLabelTooltip} data-testid={testIds.exploreHeader.alteredLabel} onClick={() => setIsOpen(true)}>
        <span aria-hidden="true">⚠</span>
        {alteredLabelText}
      </Label>
      {isOpen && <ChartChangesModal rows={rows} onClose={() => setIsOpen(false)} />}
    </>
  );
}

const Label = styled.button`
  display: inline-flex;
  flex: none;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.warning.base};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.warning.light[3]};
  color: ${({ theme }) => theme.colors.warning.dark[2]};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  line-height: 20px;
  cursor: pointer;
`;
