import type { JSX } from 'react';
import { dateTimeFromInput } from './customTimeRange';
import { FieldInput } from './timeRangeStyles';

export interface DateTimeInputProps {
  ariaLabel: string;
  /** `2024-01-01T00:00:00`. */
  value: string;
  onChange: (value: string) => void;
}

/** A date and time to the second (the browser's picker); only complete values are passed on. */
export function DateTimeInput({ ariaLabel, value, onChange }: DateTimeInputProps): JSX.Element {
  return (
    <FieldInput
      type="datetime-local"
      step={1}
      aria-label={ariaLabel}
      value={value}
      onChange={(event) => {
        const dateTime = dateTimeFromInput(event.target.value);
        if (dateTime !== null) onChange(dateTime);
      }}
    />
  );
}
