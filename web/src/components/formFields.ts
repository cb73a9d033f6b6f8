import styled, { css } from 'styled-components';

/** A plain form field in the theme: text inputs and native selects of the dialogs. */
const fieldStyles = css`
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

export const TextInput = styled.input`
  ${fieldStyles}
`;

export const NativeSelect = styled.select`
  ${fieldStyles}
`;

/** A form's column of fields (the dialogs' and the dataset page's forms). */
export const FormStack = styled.div<{ $minWidth?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-width: ${({ $minWidth = 420 }) => $minWidth}px;
`;

/** One labelled field: the label's text above its control. */
export const FormField = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

/** A field's or a form's error text. */
export const FormError = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
`;
