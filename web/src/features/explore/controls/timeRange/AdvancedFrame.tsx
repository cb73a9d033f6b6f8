import { useId, type JSX } from 'react';
import styled from 'styled-components';
import { advancedTimeRangeSides, joinTimeRangeSides } from './advancedTimeRange';
import { FieldInput, FieldLabel, SectionTitle } from './timeRangeStyles';

export interface AdvancedFrameProps {
  /** `start : end` (the picker writes it in that shape when the frame opens). */
  value: string;
  onChange: (value: string) => void;
}

/** The "Advanced" frame: START and END as free text the server reads, combined as `start : end`. */
export function AdvancedFrame({ value, onChange }: AdvancedFrameProps): JSX.Element {
  const startId = useId();
  const endId = useId();
  const sides = advancedTimeRangeSides(value);
  return (
    <section aria-label="Configure Advanced Time Range">
      <SectionTitle>Configure Advanced Time Range</SectionTitle>
      <Hint>
        Each side is a date (2024-01-01), a phrase (now, today, 7 days ago) or an expression such as DATEADD(DATETIME(&quot;today&quot;),
        -1, month). An empty side is unbounded.
      </Hint>
      <FieldLabel htmlFor={startId} title="Start date included in time range">
        START (INCLUSIVE)
      </FieldLabel>
      <FieldInput id={startId} value={sides.start} onChange={(event) => onChange(joinTimeRangeSides({ ...sides, start: event.target.value }))} />
      <FieldLabel htmlFor={endId} title="End date excluded from time range">
        END (EXCLUSIVE)
      </FieldLabel>
      <FieldInput id={endId} value={sides.end} onChange={(event) => onChange(joinTimeRangeSides({ ...sides, end: event.target.value }))} />
    </section>
  );
}

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
