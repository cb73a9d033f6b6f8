import type { JSX } from 'react';
import { Select, type SelectOption } from '@/components/Select';
import type { ControlChoice } from '@/wasm/controlPanel';

export interface ChoiceSelectControlProps {
  label: string;
  choices: readonly ControlChoice[];
  /** Other values may be typed; numeric choices make a typed number a number. */
  isFreeForm: boolean;
  value: unknown;
  isInvalid: boolean;
  onChange: (value: unknown) => void;
}

/** Choices hold numbers, strings and null; an option's key is the JSON of its value. */
function choiceKey(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/** Typed text as the value it stands for: a number when the choices are numbers and it parses. */
export function typedChoiceValue(text: string, choices: readonly ControlChoice[]): string | number {
  const hasNumericChoices = choices.some(([choice]) => typeof choice === 'number');
  const number = Number(text);
  return hasNumericChoices && text.trim() !== '' && Number.isFinite(number) ? number : text;
}

/** A select control (`select`, colour schemes): Superset's `[value, label]` choices, free-form or not. */
export function ChoiceSelectControl({ label, choices, isFreeForm, value, isInvalid, onChange }: ChoiceSelectControlProps): JSX.Element {
  const options: SelectOption[] = choices.map(([choice, choiceLabel]) => ({ value: choiceKey(choice), label: choiceLabel }));
  const valueKey = value === undefined || value === null ? null : choiceKey(value);
  // A free-form value outside the choices still shows as itself.
  const shownOptions =
    valueKey !== null && !options.some((option) => option.value === valueKey)
      ? [...options, { value: valueKey, label: typeof value === 'string' ? value : valueKey }]
      : options;

  function handleChange(key: string): void {
    const choice = choices.find(([candidate]) => choiceKey(candidate) === key);
    if (choice !== undefined) onChange(choice[0]);
    else if (key === valueKey) onChange(value);
    else onChange(typedChoiceValue(key, choices));
  }

  return (
    <Select
      mode="single"
      ariaLabel={label}
      options={shownOptions}
      value={valueKey}
      isInvalid={isInvalid}
      allowsNewOptions={isFreeForm}
      onChange={handleChange}
    />
  );
}
