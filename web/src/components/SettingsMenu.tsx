import type { JSX } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { HeaderMenu } from './HeaderMenu';

/** The header's "Settings" menu, grouped as Superset's: Manage > Annotation Layers, Alerts & Reports. */
export function SettingsMenu(): JSX.Element {
  return (
    <HeaderMenu buttonContent="Settings ▾" buttonTestId={testIds.settingsMenu.button} menuLabel="Settings" groupTitle="Manage" menuTestId={testIds.settingsMenu.menu}>
      {(close) => (
        <>
          <MenuLink role="menuitem" to="/annotationlayer/list/" data-testid={testIds.settingsMenu.annotationLayers} onClick={close}>
            Annotation Layers
          </MenuLink>
          <MenuLink role="menuitem" to="/report/list/" data-testid={testIds.settingsMenu.alertsReports} onClick={close}>
            Alerts & Reports
          </MenuLink>
        </>
      )}
    </HeaderMenu>
  );
}

const MenuLink = styled(Link)`
  padding: ${({ theme }) => `${theme.gridUnit * 1.5}px ${theme.gridUnit * 3}px`};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover,
  &:focus {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
