import { css } from 'styled-components';

/** The look of the filter inputs and selects: 32 px high, bordered, red when invalid. */
export const filterFieldStyles = css`
  height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error.base};
  }
`;
