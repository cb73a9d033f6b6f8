import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

/** The app's button: primary (filled), secondary (outlined) or link. */
export const Button = styled.button.attrs<{ $variant?: ButtonVariant }>(({ type }) => ({ type: type ?? 'button' }))<{
  $variant?: ButtonVariant;
}>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  min-height: ${({ theme }) => theme.controlHeight}px;
  padding: 0 ${({ theme }) => theme.gridUnit * 4}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }

  ${({ theme, $variant = 'secondary' }) => {
    switch ($variant) {
      case 'primary':
        return css`
          border: 1px solid ${theme.colors.primary.base};
          background: ${theme.colors.primary.base};
          color: ${theme.colors.textOnPrimary};

          &:hover:not(:disabled) {
            background: ${theme.colors.primary.dark[0]};
          }
        `;
      case 'link':
        return css`
          border: 0;
          background: none;
          color: ${theme.colors.link};
          padding: 0;
        `;
      case 'secondary':
        return css`
          border: 1px solid ${theme.colors.border};
          background: ${theme.colors.surface};
          color: ${theme.colors.text};

          &:hover:not(:disabled) {
            border-color: ${theme.colors.primary.base};
            color: ${theme.colors.primary.base};
          }
        `;
    }
  }}
`;
