import type { JSX } from 'react';
import { FormError, FormField } from './formFields';

export interface LabeledTextFieldProps {
  /** The label shown above the input, also its accessible name. */
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password';
  placeholder?: string;
  onBlur?: () => void;
  /** Shown under the input when set. */
  error?: string;
  errorTestId?: string;
}

/** A form row of the upload, connection and dataset forms: label, text input and its error. */
export function LabeledTextField({ label, testId, value, onChange, type = 'text', placeholder, onBlur, error, errorTestId }: LabeledTextFieldProps): JSX.Element {
  return (
    <FormField>
      <span>{label}</span>
      <input type={type} aria-label={label} placeholder={placeholder} data-testid={testId} value={value} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} />
      {error !== undefined && <FormError data-testid={errorTestId}>{error}</FormError>}
    </FormField>
  );
}
