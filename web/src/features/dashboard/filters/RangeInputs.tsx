import type { JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { filterFieldStyles } from './filterFieldStyles';

export interface RangeInputsProps {
  label: string;
  min: number | null;
  max: number | null;
  error: string | null;
  onChange: (min: number | null, max: number | null) => void;
}

function parseBound(text: string): number | null {
  if (text.trim() === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** A numerical range's minimum and maximum, with the range error under them. */
export function RangeInputs({ label, min, max, error, onChange }: RangeInputsProps): JSX.Element {
  return (
    <div>
      <Row>
        <Input
          type="number"
          aria-label={`${label} minimum`}
          placeholder="Min"
          data-testid={testIds.dashboardFilters.rangeMin}
          value={min ?? ''}
          aria-invalid={error !== null}
          onChange={(event) => onChange(parseBound(event.target.value), max)}
        />
        <Dash aria-hidden>–</Dash>
        <Input
          type="number"
          aria-label={`${label} maximum`}
          placeholder="Max"
          data-testid={testIds.dashboardFilters.rangeMax}
          value={max ?? ''}
          aria-invalid={error !== null}
          onChange={(event) => onChange(min, parseBound(event.target.value))}
        />
      </Row>
      {error !== null && (
        <ErrorText role="alert" data-testid={testIds.dashboardFilters.rangeError}>
          {error}
        </ErrorText>
      )}
    </div>
  );
}

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const Input = styled.input`
  ${filterFieldStyles}
  flex: 1;
  min-width: 0;
`;

const Dash = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  margin: ${({ theme }) => theme.gridUnit}px 0 0;
  color: ${({ theme }) => theme.colors.error.base};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
