import type { JSX } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { welcomePagePath } from '@/features/auth/api';

export function NotFoundPage(): JSX.Element {
  return (
    <Message>
      Not found. <Link to={welcomePagePath}>Go home</Link>
    </Message>
  );
}

const Message = styled.p`
  padding: ${({ theme }) => theme.gridUnit * 6}px;
`;
