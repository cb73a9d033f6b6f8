import styled from 'styled-components';

/** The tab strip of the metric, column and filter popovers ("Simple", "Saved", "Custom SQL"). */
export const PopoverTabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const PopoverTab = styled.button`
  padding: ${({ theme }) => theme.gridUnit}px 0;
  border: 0;
  border-bottom: 2px solid transparent;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  font-size: ${({ theme }) => theme.fontSizes.s}px;

  &[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary.base};
    color: ${({ theme }) => theme.colors.primary.base};
    font-weight: 600;
  }
`;
