/** The styled parts the annotation forms share: fields stacked, labels above their inputs. */
import styled from 'styled-components';

export const FormStack = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
`;

export const FormField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

export const FormRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 3}px;

  & > * {
    flex: 1;
  }
`;

export const FormLabel = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
`;

export const FormRequired = styled.span`
  color: ${({ theme }) => theme.colors.error.base};
`;

export const FormHelp = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

export const FormAlert = styled.div`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px`};
  border: 1px solid ${({ theme }) => theme.colors.error.light[1]};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  color: ${({ theme }) => (theme.algorithm === 'dark' ? theme.colors.error.light[1] : theme.colors.error.base)};
`;

export const FormTextInput = styled.input`
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  color-scheme: ${({ theme }) => (theme.algorithm === 'dark' ? 'dark' : 'light')};
`;

export const FormTextArea = styled.textarea`
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: inherit;
`;

export const FormSelect = styled.select`
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

export const FormCheckboxLabel = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  cursor: pointer;
`;
