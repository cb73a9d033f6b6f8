import type { JSX } from 'react';
import styled from 'styled-components';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import { testIds } from '@/testIds';
import { parameterErrorTitle, parameterErrorTrigger, parameterSuggestions } from './parameterError';

export interface ParameterErrorMessageProps {
  error: ErrorItem;
}

/** 'Parameter error': the server's message, 'Did you mean' suggestions and the issue codes. */
export function ParameterErrorMessage({ error }: ParameterErrorMessageProps): JSX.Element {
  const { extra, message } = error;
  const suggestions = parameterSuggestions(extra.undefined_parameters ?? [], extra.template_parameters);
  const issueCodes = extra.issue_codes ?? [];
  return (
    <Alert role="alert" data-testid={testIds.sqlLab.parameterError}>
      <Title>{parameterErrorTitle}</Title>
      <Message data-testid={testIds.sqlLab.parameterErrorMessage}>{message}</Message>
      {suggestions.length > 0 && (
        <List>
          {suggestions.map((line) => (
            <li key={line} data-testid={testIds.sqlLab.parameterSuggestion}>
              {line}
            </li>
          ))}
        </List>
      )}
      {issueCodes.length > 0 && (
        <Issues>
          {parameterErrorTrigger}
          {issueCodes.map((issue) => (
            <IssueLine key={issue.code} data-testid={testIds.sqlLab.parameterIssueCode}>
              {issue.message}
            </IssueLine>
          ))}
        </Issues>
      )}
    </Alert>
  );
}

const Alert = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding: ${({ theme }) => theme.gridUnit * 3}px;
  border: 1px solid ${({ theme }) => theme.colors.error.base};
  border-radius: ${({ theme }) => theme.borderRadius}px;
`;

const Title = styled.strong`
  color: ${({ theme }) => theme.colors.error.base};
`;

const Message = styled.p`
  margin: 0;
  white-space: pre-wrap;
`;

const List = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.gridUnit * 5}px;
`;

const Issues = styled.div`
  display: flex;
  flex-direction: column;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const IssueLine = styled.span`
  color: ${({ theme }) => theme.colors.text};
`;
