import type { JSX } from 'react';
import styled from 'styled-components';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import { testIds } from '@/testIds';
import { ErrorAlert } from './ErrorAlert';
import { parameterErrorTitle, parameterErrorTrigger, parameterSuggestions } from './parameterError';

export interface ParameterErrorMessageProps {
  error: ErrorItem;
}

/**
 * 'Parameter error' (spec 001 §8), for SQL Lab's runs and for charts over a templated virtual
 * dataset alike: the server's message, the 'Did you mean' suggestions and the issue codes.
 */
export function ParameterErrorMessage({ error }: ParameterErrorMessageProps): JSX.Element {
  const { extra, message } = error;
  const suggestions = parameterSuggestions(extra.undefined_parameters ?? [], extra.template_parameters);
  const issueCodes = extra.issue_codes ?? [];
  const hasDescription = suggestions.length > 0 || issueCodes.length > 0;
  return (
    <div data-testid={testIds.errorMessage.parameterError}>
      <ErrorAlert
        display="parameter"
        level={error.level}
        title={parameterErrorTitle}
        message={<span data-testid={testIds.errorMessage.parameterErrorMessage}>{message}</span>}
        description={
          hasDescription ? (
            <>
              {suggestions.length > 0 && (
                <List>
                  {suggestions.map((line) => (
                    <li key={line} data-testid={testIds.errorMessage.parameterSuggestion}>
                      {line}
                    </li>
                  ))}
                </List>
              )}
              {issueCodes.length > 0 && (
                <Issues>
                  {parameterErrorTrigger}
                  {issueCodes.map((issue) => (
                    <span key={issue.code} data-testid={testIds.errorMessage.parameterIssueCode}>
                      {issue.message}
                    </span>
                  ))}
                </Issues>
              )}
            </>
          ) : undefined
        }
      />
    </div>
  );
}

const List = styled.ul`
  margin: ${({ theme }) => theme.gridUnit}px 0 0;
  padding-left: ${({ theme }) => theme.gridUnit * 5}px;
  white-space: normal;
`;

const Issues = styled.div`
  display: flex;
  flex-direction: column;
  margin-top: ${({ theme }) => theme.gridUnit}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  white-space: normal;
`;
