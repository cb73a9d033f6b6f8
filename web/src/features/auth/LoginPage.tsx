import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent, type JSX } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { errorMessage, type ApiError } from '@/api/errors';
import type { CurrentUser } from '@/api/generated/CurrentUser';
import type { SessionLoginRequest } from '@/api/generated/SessionLoginRequest';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';
import { logIn, safeNextPath } from './api';

/** `/login/`: username and password; on success, back to `next` or the welcome page. */
export function LoginPage(): JSX.Element {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const login = useMutation<CurrentUser, ApiError, SessionLoginRequest>({
    mutationFn: logIn,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      void navigate(safeNextPath(searchParams.get('next')), { replace: true });
    },
  });

  function handleSubmit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    login.mutate({ username, password });
  }

  return (
    <Page>
      <Card onSubmit={handleSubmit} data-testid={testIds.login.form} aria-labelledby="login-title">
        <Title id="login-title">Sign in</Title>
        <Label>
          Username
          <Input
            name="username"
            autoComplete="username"
            autoFocus
            required
            value={username}
            data-testid={testIds.login.username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </Label>
        <Label>
          Password
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            data-testid={testIds.login.password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Label>
        {login.isError && (
          <ErrorText role="alert" data-testid={testIds.login.error}>
            {errorMessage(login.error)}
          </ErrorText>
        )}
        <Button type="submit" $variant="primary" disabled={login.isPending} data-testid={testIds.login.submit}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </Card>
    </Page>
  );
}

const Page = styled.main`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 100%;
`;

const Card = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
  width: 340px;
  padding: ${({ theme }) => theme.gridUnit * 8}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius * 2}px;
  background: ${({ theme }) => theme.colors.surface};
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl}px;
`;

const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Input = styled.input`
  height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.m}px;
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error.base};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
