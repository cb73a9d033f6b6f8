import { useCallback, useRef, useState, type JSX } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { Button } from './Button';
import { useCloseOnOutside } from './useCloseOnOutside';

/** The header's "Settings" menu, grouped as Superset's: Manage > Annotation Layers, Alerts & Reports. */
export function SettingsMenu(): JSX.Element {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setIsOpen(false), []);

  useCloseOnOutside(rootRef, isOpen, closeMenu);

  return (
    <Root ref={rootRef}>
      <Button $variant="link" aria-haspopup="menu" aria-expanded={isOpen} data-testid={testIds.settingsMenu.button} onClick={() => setIsOpen((open) => !open)}>
        Settings ▾
      </Button>
      {isOpen && (
        <Menu role="menu" aria-label="Settings" data-testid={testIds.settingsMenu.menu}>
          <GroupTitle role="presentation">Manage</GroupTitle>
          <MenuLink role="menuitem" to="/annotationlayer/list/" data-testid={testIds.settingsMenu.annotationLayers} onClick={() => setIsOpen(false)}>
            Annotation Layers
          </MenuLink>
          <MenuLink role="menuitem" to="/report/list/" data-testid={testIds.settingsMenu.alertsReports} onClick={() => setIsOpen(false)}>
            Alerts & Reports
          </MenuLink>
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
  min-width: 180px;
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

const MenuLink = styled(Link)`
  padding: ${({ theme }) => `${theme.gridUnit * 1.5}px ${theme.gridUnit * 3}px`};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover,
  &:focus {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
