import styled from 'styled-components';

/** The pill of one chosen value in a control (a metric, column, filter or formatting rule). */
export const Chip = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  padding: 0 ${({ theme }) => theme.gridUnit}px 0 ${({ theme }) => theme.gridUnit * 2}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  line-height: 22px;
`;

/** The × that removes a chip's value. */
export const Remove = styled.button`
  padding: 0 2px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
`;
