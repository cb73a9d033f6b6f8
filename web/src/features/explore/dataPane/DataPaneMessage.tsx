import type { JSX, ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { testIds } from '@/testIds';

export type DataPaneMessageKind = 'idle' | 'loading' | 'empty' | 'error';

/** A pane's state in place of its rows: waiting for a run, loading, nothing returned, or an error. */
export function DataPaneMessage({ kind, children }: { kind: DataPaneMessageKind; children: ReactNode }): JSX.Element {
  const testId = testIds.dataPane[kind];
  if (kind === 'error') {
    return (
      <ErrorBox role="alert" data-testid={testId}>
        {children}
      </ErrorBox>
    );
  }
  return (
    <Notice role={kind === 'loading' ? 'status' : undefined} data-testid={testId}>
      {kind === 'loading' && <Spinner aria-hidden />}
      {children}
    </Notice>
  );
}

const Notice = styled.div`
  display: flex;
  flex: 1;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-height: 64px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Spinner = styled.span`
  width: 16px;
  height: 16px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary.base};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

const ErrorBox = styled.div`
  margin: ${({ theme }) => theme.gridUnit * 2}px 0;
  padding: ${({ theme }) => theme.gridUnit * 3}px ${({ theme }) => theme.gridUnit * 4}px;
  border: 1px solid ${({ theme }) => theme.colors.error.light[1]};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => (theme.algorithm === 'dark' ? theme.colors.surfaceMuted : theme.colors.error.light[4])};
  color: ${({ theme }) => (theme.algorithm === 'dark' ? theme.colors.error.light[1] : theme.colors.error.dark[1])};

  p {
    margin: 0;
    white-space: pre-wrap;
  }
`;
