import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { Select } from '@/components/Select';
import { dateGrains, type CustomBoundMode, type DateGrain } from './customTimeRange';
import { DateTimeInput } from './DateTimeInput';
import { FieldInput, FieldLabel } from './timeRangeStyles';

/** One side of a custom range, as the form holds it. */
export interface CustomBound {
  mode: CustomBoundMode;
  dateTime: string;
  amount: number;
  grain: DateGrain;
}

export interface CustomBoundFieldsProps {
  /** "START (INCLUSIVE)" or "END (EXCLUSIVE)": the mode select's name, and the prefix of the others. */
  label: string;
  /** Shown on hover of the label. */
  description: string;
  /** Which way a relative side goes from the other side: "Before" for the start, "After" for the end. */
  relation: 'Before' | 'After';
  bound: CustomBound;
  onChange: (bound: CustomBound) => void;
}

const modeOptions: readonly { value: CustomBoundMode; label: string }[] = [
  { value: 'specific', label: 'Specific Date/Time' },
  { value: 'relative', label: 'Relative Date/Time' },
  { value: 'now', label: 'Now' },
  { value: 'today', label: 'Midnight' },
];

const grainPlurals: Readonly<Record<DateGrain, string>> = {
  second: 'Seconds',
  minute: 'Minutes',
  hour: 'Hours',
  day: 'Days',
  week: 'Weeks',
  month: 'Months',
  quarter: 'Quarters',
  year: 'Years',
};

function isBoundMode(value: string): value is CustomBoundMode {
  return modeOptions.some((option) => option.value === value);
}

function isDateGrain(value: string): value is DateGrain {
  return (dateGrains as readonly string[]).includes(value);
}

/** A relative amount as typed: a whole number of at least 1, else null. */
function positiveAmount(text: string): number | null {
  const amount = Number(text);
  return text.trim() !== '' && Number.isInteger(amount) && amount >= 1 ? amount : null;
}

/**
 * START or END of the Custom frame: a mode ("Specific Date/Time", "Relative Date/Time", "Now",
 * "Midnight") and, for the first two, a date-time or an amount with its grain ("7", "Days Before").
 */
export function CustomBoundFields({ label, description, relation, bound, onChange }: CustomBoundFieldsProps): JSX.Element {
  const [amountText, setAmountText] = useState(String(bound.amount));
  const isAmountValid = positiveAmount(amountText) !== null;
  const grainOptions = dateGrains.map((grain) => ({ value: grain, label: `${grainPlurals[grain]} ${relation}` }));

  return (
    <Fields>
      <FieldLabel as="span" title={description}>
        {label}
      </FieldLabel>
      <Select
        mode="single"
        ariaLabel={label}
        options={modeOptions}
        value={bound.mode}
        onChange={(mode) => {
          if (isBoundMode(mode)) onChange({ ...bound, mode });
        }}
      />
      {bound.mode === 'specific' && (
        <DateTimeInput ariaLabel={`${label} date/time`} value={bound.dateTime} onChange={(dateTime) => onChange({ ...bound, dateTime })} />
      )}
      {bound.mode === 'relative' && (
        <RelativeFields>
          <FieldInput
            type="number"
            min={1}
            step={1}
            placeholder="Relative quantity"
            aria-label={`${label} relative quantity`}
            aria-invalid={!isAmountValid}
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              const amount = positiveAmount(event.target.value);
              if (amount !== null) onChange({ ...bound, amount });
            }}
            // An unfinished amount goes back to the one the range holds, as Superset's number input does.
            onBlur={() => {
              if (!isAmountValid) setAmountText(String(bound.amount));
            }}
          />
          <Select
            mode="single"
            ariaLabel={`${label} relative period`}
            options={grainOptions}
            value={bound.grain}
            onChange={(grain) => {
              if (isDateGrain(grain)) onChange({ ...bound, grain });
            }}
          />
        </RelativeFields>
      )}
    </Fields>
  );
}

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-width: 0;
`;

const RelativeFields = styled.div`
  display: grid;
  grid-template-columns: 5fr 7fr;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;
