import { useState, type JSX } from 'react';
import styled from 'styled-components';

export interface NumberTextInputProps {
  label: string;
  /** The held value: a number, the refused text, or null when empty. */
  value: unknown;
  isInvalid: boolean;
  onChange: (value: number | string | null) => void;
}

/** Typed number text: a number when it parses, the text otherwise (so the core can say why), null when empty. */
export function numberInputValue(text: string): number | string | null {
  if (text.trim() === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
}

function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** Whether the typed text stands for the held value ("2." and "2.0" both stand for 2). */
function isTextOfValue(text: string, value: unknown): boolean {
  return numberInputValue(text) === (value ?? null);
}

/**
 * A number typed in a text box (Superset's `TextControl` with `isInt` or `isFloat`). The box keeps
 * the text as typed while it stands for the held value, so "2." can become "2.5" key by key; a
 * value changed elsewhere (a loaded chart, a cleared control) replaces the text.
 */
export function NumberTextInput({ label, value, isInvalid, onChange }: NumberTextInputProps): JSX.Element {
  const [text, setText] = useState(() => textOf(value));
  const shownText = isTextOfValue(text, value) ? text : textOf(value);
  return (
    <Input
      inputMode="decimal"
      aria-label={label}
      aria-invalid={isInvalid}
      $isInvalid={isInvalid}
      value={shownText}
      onChange={(event) => {
        setText(event.target.value);
        onChange(numberInputValue(event.target.value));
      }}
    />
  );
}

const Input = styled.input<{ $isInvalid: boolean }>`
  height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme, $isInvalid }) => ($isInvalid ? theme.colors.error.base : theme.colors.border)};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;
