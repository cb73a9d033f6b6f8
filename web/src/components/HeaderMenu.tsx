import { useCallback, useRef, useState, type JSX, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { useCloseOnOutside } from './useCloseOnOutside';

export interface HeaderMenuProps {
  /** The toggle button's content ("Settings ▾", "+ ▾"). */
  buttonContent: ReactNode;
  /** The toggle's accessible name when its content does not say it ("Add"). */
  buttonAriaLabel?: string;
  buttonTestId: string;
  /** The menu's accessible name and its one group's title ("Manage", "Data"). */
  menuLabel: string;
  groupTitle: string;
  menuTestId: string;
  /** The open menu's entries; `close` shuts the menu (after a choice). Rendered only while open. */
  children: (close: () => void) => ReactNode;
}

/** A dropdown of the app header (Superset's "+" and "Settings" menus): a toggle button and one titled group of entries, closed by a click outside. */
export function HeaderMenu({ buttonContent, buttonAriaLabel, buttonTestId, menuLabel, groupTitle, menuTestId, children }: HeaderMenuProps): JSX.Element {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setIsOpen(false), []);
  useCloseOnOutside(rootRef, isOpen, close);

  return (
    <Root ref={rootRef}>
      <Button $variant="link" aria-haspopup="menu" aria-expanded={isOpen} aria-label={buttonAriaLabel} data-testid={buttonTestId} onClick={() => setIsOpen((open) => !open)}>
        {buttonContent}
      </Button>
      {isOpen && (
        <Menu role="menu" aria-label={menuLabel} data-testid={menuTestId}>
          <GroupTitle role="presentation">{groupTitle}</GroupTitle>
          {children(close)}
        </Menu>
      )}
    </Root>
  );
}

const Root = styled.div`
  position: relative;
`;

const Menu = styled.div`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.gridUnit}px);
  right: 0;
  z-index: 20;
  display: flex;
  flex-direction: column;
  min-width: 200px;
  padding: ${({ theme }) => theme.gridUnit}px 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 4px 12px rgba(0, 0, 0, 0.15);
`;

const GroupTitle = styled.div`
  padding: ${({ theme }) => `${theme.gridUnit}px ${theme.gridUnit * 3}px`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
  text-transform: uppercase;
`;
