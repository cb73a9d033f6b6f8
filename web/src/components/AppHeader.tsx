import type { JSX } from 'react';
import { Link } from 'react-router';
import styled, { useTheme } from 'styled-components';
import type { CurrentUser } from '@/api/generated/CurrentUser';
import { logoutPath, userDisplayName, welcomePagePath } from '@/features/auth/api';
import { DataMenu } from '@/features/databases/DataMenu';
import { useThemeMode } from '@/theme/themeMode';
import { narrowerThan } from '@/theme/tokens';
import { testIds } from '@/testIds';
import { Button } from './Button';
import { SettingsMenu } from './SettingsMenu';

/** The theme's brand logo (spec 000 section 3), linking to its `href`: in the app, or elsewhere. */
function BrandLogoLink(): JSX.Element {
  const { brandLogo } = useTheme();
  const image = <BrandImage src={brandLogo.url} alt={brandLogo.alt} $height={brandLogo.height} $margin={brandLogo.margin} />;
  const isInApp = brandLogo.href.startsWith('/');
  return isInApp ? (
    <Link to={brandLogo.href} data-testid={testIds.header.brandLogo}>
      {image}
    </Link>
  ) : (
    <a href={brandLogo.href} data-testid={testIds.header.brandLogo}>
      {image}
    </a>
  );
}

/** The top bar: brand logo and navigation, the theme toggles, the user and the logout link. */
export function AppHeader({ user }: { user: CurrentUser }): JSX.Element {
  const { algorithm, isCompact, isFunky, toggleDarkMode, toggleCompactMode, toggleFunkyMode } = useThemeMode();
  const isDark = algorithm === 'dark';

  return (
    <Bar data-testid={testIds.header.bar}>
      <BrandLogoLink />
      <Nav aria-label="Main">
        <NavLink to={welcomePagePath}>Home</NavLink>
        <NavLink to="/dashboard/list/">Dashboards</NavLink>
        <NavLink to="/chart/list/">Charts</NavLink>
        <NavLink to="/tablemodelview/list/">Datasets</NavLink>
        <NavLink to="/sqllab/">SQL Lab</NavLink>
        <NavLink to="/savedqueryview/list/">Saved queries</NavLink>
        <NavLink to="/databaseview/list/">Databases</NavLink>
        <NavLink to="/superset/tags/">Tags</NavLink>
      </Nav>
      <Spacer />
      <DataMenu />
      <SettingsMenu />
      <Button
        $variant="secondary"
        aria-pressed={isDark}
        data-testid={testIds.header.themeToggle}
        onClick={toggleDarkMode}
      >
        {isDark ? 'Light mode' : 'Dark mode'}
      </Button>
      <Button $variant="secondary" aria-pressed={isCompact} data-testid={testIds.header.compactToggle} onClick={toggleCompactMode}>
        Compact
      </Button>
      <Button $variant="secondary" aria-pressed={isFunky} data-testid={testIds.header.funkyToggle} onClick={toggleFunkyMode}>
        Funky
      </Button>
      <UserName data-testid={testIds.header.userName}>{userDisplayName(user)}</UserName>
      <a href={logoutPath} data-testid={testIds.header.logoutLink}>
        Logout
      </a>
    </Bar>
  );
}

const Bar = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
  height: 48px;
  padding: 0 ${({ theme }) => theme.gridUnit * 4}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const BrandImage = styled.img<{ $height: string; $margin: string }>`
  display: block;
  height: ${({ $height }) => $height};
  margin: ${({ $margin }) => $margin};
`;

/** On screens narrower than 768 px the links scroll sideways instead of pushing the bar wider. */
const Nav = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 3}px;

  ${narrowerThan('s')} {
    min-width: 0;
    overflow-x: auto;
    white-space: nowrap;
  }
`;

const NavLink = styled(Link)`
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;

const Spacer = styled.div`
  flex: 1;
`;

const UserName = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};

  ${narrowerThan('s')} {
    display: none;
  }
`;
