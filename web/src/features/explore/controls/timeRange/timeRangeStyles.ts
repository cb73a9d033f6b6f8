import styled from 'styled-components';

/** A section of the picker: "Configure custom time range", "Actual time range", ... */
export const SectionTitle = styled.div`
  margin-bottom: ${({ theme }) => theme.gridUnit * 2}px;
  font-size: ${({ theme }) => theme.fontSizes.m}px;
  font-weight: 600;
`;

/** The label above one field ("START (INCLUSIVE)"). */
export const FieldLabel = styled.label`
  display: block;
  margin: ${({ theme }) => theme.gridUnit * 2}px 0 ${({ theme }) => theme.gridUnit}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

/** A text, number or date-time input of the picker; red while `aria-invalid`. */
export const FieldInput = styled.input`
  width: 100%;
  height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.s}px;

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error.base};
  }
`;

/** A group of radios with its legend. */
export const RadioGroup = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  margin: 0;
  padding: 0;
  border: 0;
`;

export const RadioLegend = styled.legend`
  margin-bottom: ${({ theme }) => theme.gridUnit * 2}px;
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.m}px;
  font-weight: 600;
`;

export const RadioLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  cursor: pointer;
`;
