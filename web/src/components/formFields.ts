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
