import type { JSX } from 'react';
import { Select, type SelectOption } from '@/components/Select';
import type { ControlChoice } from '@/wasm/controlPanel';

export interface ChoiceSelectControlProps {
  label: string;
  choices: readonly ControlChoice[];
  /** Other values may be typed; numeric choices make a typed number a number. */
  isFreeForm: boolean;
  /** The value is a list of choices (`time_compare`); false when the control holds one. */
  isMulti?: boolean;
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

/** A held value outside the choices (a free-form one) still shows, as itself. */
function optionOfHeldValue(value: unknown): SelectOption {
  return { value: choiceKey(value), label: typeof value === 'string' ? value : choiceKey(value) };
}

/**
 * A select control (`select`, colour schemes): Superset's `[value, label]` choices, free-form or
 * not, holding one value or a list of them.
 */
export function ChoiceSelectControl({
  label,
  choices,
  isFreeForm,
  isMulti = false,
  value,
  isInvalid,
  onChange,
}: ChoiceSelectControlProps): JSX.Element {
  const options: SelectOption[] = choices.map(([choice, choiceLabel]) => ({ value: choiceKey(choice), label: choiceLabel }));
  const heldValues: readonly unknown[] = isMulti ? (Array.isArray(value) ? value : []) : value === undefined || value === null ? [] : [value];
  const heldOptions = heldValues.filter((held) => !options.some((option) => option.value === choiceKey(held))).map(optionOfHeldValue);
  const shownOptions = [...options, ...heldOptions];

  /** The value an option key stands for: a choice, a held value, or typed text. */
  function valueOfKey(key: string): unknown {
    const choice = choices.find(([candidate]) => choiceKey(candidate) === key);
    if (choice !== undefined) return choice[0];
    const held = heldValues.find((candidate) => choiceKey(candidate) === key);
    return held !== undefined ? held : typedChoiceValue(key, choices);
  }

  if (isMulti) {
    return (
      <Select
        mode="multiple"
        ariaLabel={label}
        options={shownOptions}
        value={heldValues.map(choiceKey)}
        isInvalid={isInvalid}
        allowsNewOptions={isFreeForm}
        onChange={(keys) => onChange(keys.map(valueOfKey))}
      />
    );
  }
  return (
    <Select
      mode="single"
      ariaLabel={label}
      options={shownOptions}
      value={heldValues.length === 0 ? null : choiceKey(heldValues[0])}
      isInvalid={isInvalid}
      allowsNewOptions={isFreeForm}
      onChange={(key) => onChange(valueOfKey(key))}
    />
  );
}
