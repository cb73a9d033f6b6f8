import { useEffect, type JSX } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import { useCommonConf } from '@/api/commonConf';
import { errorMessage, isUnauthorized } from '@/api/errors';
import { isNavigationHidden } from '@/app/displayMode';
import { AppHeader } from '@/components/AppHeader';
import { useCurrentUser, loginPathReturningTo } from './api';

/** Pages behind login: the header (unless a display mode hides it) and the page; a 401 from `/api/v1/me/` goes to the login page. */
export function AuthenticatedLayout(): JSX.Element {
  const currentUser = useCurrentUser();
  useCommonConf();
  const location = useLocation();
  const navigate = useNavigate();
  const needsLogin = isUnauthorized(currentUser.error);

  useEffect(() => {
    if (needsLogin) void navigate(loginPathReturningTo(location.pathname + location.search), { replace: true });
  }, [needsLogin, navigate, location.pathname, location.search]);

  if (currentUser.isError && !needsLogin) {
    return <Message role="alert">{errorMessage(currentUser.error)}</Message>;
  }
  if (currentUser.data === undefined) return <Message>Loading…</Message>;

  return (
    <Shell>
      {!isNavigationHidden(new URLSearchParams(location.search)) && <AppHeader user={currentUser.data} />}
      <Content>
        <Outlet />
      </Content>
    </Shell>
  );
}

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
`;

const Content = styled.div`
  flex: 1;
  min-height: 0;
`;

const Message = styled.p`
  padding: ${({ theme }) => theme.gridUnit * 6}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
