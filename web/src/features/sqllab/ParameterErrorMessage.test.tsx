import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { ResultsPane } from './ResultsPane';

const missingMessage =
  'The following parameters in your query are undefined: "minimum", "stat". Please check your template parameters for syntax errors and make sure they match across your SQL query and Set Parameters. Then, try running your query again.';

const missing: ErrorItem = {
  message: missingMessage,
  error_type: 'MISSING_TEMPLATE_PARAMS_ERROR',
  level: 'error',
  extra: {
    undefined_parameters: ['minimum', 'stat'],
    template_parameters: { state: 'CA' },
    issue_codes: [{ code: 1006, message: 'Issue 1006 - One or more parameters specified in the query are missing.' }],
  },
};

function texts(testId: string): string[] {
  return screen.queryAllByTestId(testId).map((element) => element.textContent);
}

describe('the results pane\'s Parameter error', () => {
  it('shows the title, the message, the suggestions and the issue codes', () => {
    renderWithTheme(<ResultsPane run={{ status: 'failed', message: missingMessage, error: missing }} />);
    const alert = screen.getByTestId(testIds.sqlLab.parameterError);
    expect(alert.textContent).toContain('Parameter error');
    expect(texts(testIds.sqlLab.parameterErrorMessage)).toEqual([missingMessage]);
    expect(texts(testIds.sqlLab.parameterSuggestion)).toEqual(['Did you mean: "state" instead of "stat"?']);
    expect(alert.textContent).toContain('This may be triggered by:');
    expect(texts(testIds.sqlLab.parameterIssueCode)).toEqual(['Issue 1006 - One or more parameters specified in the query are missing.']);
    expect(screen.queryByTestId(testIds.sqlLab.resultsError)).toBeNull();
  });

  it('shows a malformed template without suggestions', () => {
    const malformed: ErrorItem = {
      message: 'The query contains one or more malformed template parameters. Please check your query and confirm that all template parameters are surround by double braces, for example, "{{ ds }}". Then, try running your query again.',
      error_type: 'INVALID_TEMPLATE_PARAMS_ERROR',
      level: 'error',
      extra: { issue_codes: [{ code: 1028, message: 'Issue 1028 - One or more parameters specified in the query are malformed.' }] },
    };
    renderWithTheme(<ResultsPane run={{ status: 'failed', message: malformed.message, error: malformed }} />);
    expect(screen.getByTestId(testIds.sqlLab.parameterError).textContent).toContain('Parameter error');
    expect(texts(testIds.sqlLab.parameterSuggestion)).toEqual([]);
    expect(texts(testIds.sqlLab.parameterIssueCode)).toEqual(['Issue 1028 - One or more parameters specified in the query are malformed.']);
  });

  it("shows other typed errors with their own display (a database error as 'DB engine Error')", () => {
    const other: ErrorItem = { message: 'no such table: x', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error', extra: {} };
    renderWithTheme(<ResultsPane run={{ status: 'failed', message: other.message, error: other }} />);
    expect(screen.queryByTestId(testIds.sqlLab.parameterError)).toBeNull();
    expect(screen.getByTestId(testIds.sqlLab.resultsError).textContent).toBe('DB engine Errorno such table: x');
  });
});
