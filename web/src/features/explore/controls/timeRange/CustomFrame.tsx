import { useId, useState, type JSX } from 'react';
import styled from 'styled-components';
import { CustomBoundFields, type CustomBound } from './CustomBoundFields';
import { decodeCustomTimeRange, defaultCustomTimeRange, encodeCustomTimeRange, type CustomTimeRange } from './customTimeRange';
import { DateTimeInput } from './DateTimeInput';
import { RadioGroup, RadioLabel, RadioLegend, SectionTitle } from './timeRangeStyles';

export interface CustomFrameProps {
  /** The range being edited; read once, when the frame opens. */
  value: string;
  onChange: (value: string) => void;
}

function startOf(range: CustomTimeRange): CustomBound {
  return { mode: range.startMode, dateTime: range.startDateTime, amount: range.startAmount, grain: range.startGrain };
}

function endOf(range: CustomTimeRange): CustomBound {
  return { mode: range.endMode, dateTime: range.endDateTime, amount: range.endAmount, grain: range.endGrain };
}

/**
 * The "Custom" frame: START and END, each a specific date-time, a span relative to the other
 * side, now or midnight; when both are relative, what they are anchored to. Every change is
 * passed on as the range Superset's CustomFrame writes (customTimeRange.ts).
 */
export function CustomFrame({ value, onChange }: CustomFrameProps): JSX.Element {
  const [range, setRange] = useState<CustomTimeRange>(() => decodeCustomTimeRange(value) ?? defaultCustomTimeRange(new Date()));
  const anchorGroupName = useId();
  const isAnchored = range.startMode === 'relative' && range.endMode === 'relative';

  function update(next: CustomTimeRange): void {
    setRange(next);
    onChange(encodeCustomTimeRange(next));
  }

  return (
    <section aria-label="Configure custom time range">
      <SectionTitle>Configure custom time range</SectionTitle>
      <Sides>
        <CustomBoundFields
          label="START (INCLUSIVE)"
          description="Start date included in time range"
          relation="Before"
          bound={startOf(range)}
          onChange={(start) =>
            update({ ...range, startMode: start.mode, startDateTime: start.dateTime, startAmount: start.amount, startGrain: start.grain })
          }
        />
        <CustomBoundFields
          label="END (EXCLUSIVE)"
          description="End date excluded from time range"
          relation="After"
          bound={endOf(range)}
          onChange={(end) => update({ ...range, endMode: end.mode, endDateTime: end.dateTime, endAmount: end.amount, endGrain: end.grain })}
        />
      </Sides>
      {isAnchored && (
        <Anchor>
          <RadioGroup>
            <RadioLegend>Anchor to</RadioLegend>
            <AnchorChoices>
              <RadioLabel>
                <input
                  type="radio"
                  name={anchorGroupName}
                  checked={range.anchorMode === 'now'}
                  onChange={() => update({ ...range, anchorMode: 'now' })}
                />
                NOW
              </RadioLabel>
              <RadioLabel>
                <input
                  type="radio"
                  name={anchorGroupName}
                  checked={range.anchorMode === 'specific'}
                  onChange={() => update({ ...range, anchorMode: 'specific' })}
                />
                Date/Time
              </RadioLabel>
            </AnchorChoices>
          </RadioGroup>
          {range.anchorMode === 'specific' && (
            <DateTimeInput
              ariaLabel="Anchor date/time"
              value={range.anchorDateTime}
              onChange={(anchorDateTime) => update({ ...range, anchorDateTime })}
            />
          )}
        </Anchor>
      )}
    </section>
  );
}

const Sides = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.gridUnit * 6}px;
`;

const Anchor = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  margin-top: ${({ theme }) => theme.gridUnit * 4}px;
`;

const AnchorChoices = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
`;
