import { useId, type JSX } from 'react';
import { optionsOfFrame, type OptionFrame } from './timeRangeFrames';
import { RadioGroup, RadioLabel, RadioLegend } from './timeRangeStyles';

export interface NamedRangeFrameProps {
  frame: OptionFrame;
  value: string;
  onChange: (value: string) => void;
}

/** The "Last", "Previous" and "Current" frames: one radio per named range (`last week` is `Last week`). */
export function NamedRangeFrame({ frame, value, onChange }: NamedRangeFrameProps): JSX.Element {
  const groupName = useId();
  return (
    <RadioGroup>
      <RadioLegend>Configure Time Range: {frame}...</RadioLegend>
      {optionsOfFrame(frame).map((option) => (
        <RadioLabel key={option.value}>
          <input type="radio" name={groupName} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          {option.label}
        </RadioLabel>
      ))}
    </RadioGroup>
  );
}
