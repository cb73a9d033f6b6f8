import styled from 'styled-components';

/**
 * The pieces of the app's small dropdown menus (a dashboard chart's "More Options", Explore's
 * dataset menu): the anchor the list opens under, the list, its items, links and group titles.
 */
export const DropdownMenuAnchor = styled.div`
  position: relative;
`;

export const DropdownMenuList = styled.div`
  position: absolute;
  top: 100%;
  right: 0;
  z-index: 10;
  display: flex;
  flex-direction: column;
  min-width: 160px;
  padding: ${({ theme }) => theme.gridUnit}px 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 4px 12px rgb(0 0 0 / 15%);
`;

export const DropdownMenuItem = styled.button.attrs({ type: 'button', role: 'menuitem' })`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px`};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  text-align: left;
  white-space: nowrap;
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

export const DropdownMenuLink = styled.a.attrs({ role: 'menuitem' })`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px`};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

export const DropdownMenuGroup = styled.div.attrs({ role: 'presentation' })`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px 0`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

/** The "⋮" button that opens a menu. */
export const DropdownMenuButton = styled.button.attrs({ type: 'button' })`
  width: 24px;
  height: 24px;
  border: 0;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.l}px;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
