import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import { ResultsPane } from '@/features/sqllab/ResultsPane';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { ErrorMessage } from './ErrorMessage';
import { errorDisplayOf } from './errorDisplay';
import type { ErrorSource } from './errorSource';

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

const malformed: ErrorItem = {
  message:
    'The query contains one or more malformed template parameters. Please check your query and confirm that all template parameters are surround by double braces, for example, "{{ ds }}". Then, try running your query again.',
  error_type: 'INVALID_TEMPLATE_PARAMS_ERROR',
  level: 'error',
  extra: { issue_codes: [{ code: 1028, message: 'Issue 1028 - One or more parameters specified in the query are malformed.' }] },
};

function texts(testId: string): string[] {
  return screen.queryAllByTestId(testId).map((element) => element.textContent);
}

/** What the 'Parameter error' shows: its display name, title, message, suggestions and issue codes. */
function shownParameterError(): { display: string | null; title: string; message: string[]; suggestions: string[]; issues: string[]; text: string } {
  const wrapper = screen.getByTestId(testIds.errorMessage.parameterError);
  const alert = within(wrapper).getByTestId(testIds.errorMessage.alert);
  return {
    display: alert.getAttribute('data-error-display'),
    title: within(alert).getByTestId(testIds.errorMessage.title).textContent,
    message: texts(testIds.errorMessage.parameterErrorMessage),
    suggestions: texts(testIds.errorMessage.parameterSuggestion),
    issues: texts(testIds.errorMessage.parameterIssueCode),
    text: alert.textContent,
  };
}

describe("'Parameter error' in SQL Lab's results pane", () => {
  it('shows the title, the message, the suggestions and the issue codes', () => {
    renderWithTheme(<ResultsPane run={{ status: 'failed', message: missingMessage, error: missing }} />);
    const shown = shownParameterError();
    expect(shown.display).toBe('parameter');
    expect(shown.title).toBe('Parameter error');
    expect(shown.message).toEqual([missingMessage]);
    expect(shown.suggestions).toEqual(['Did you mean: "state" instead of "stat"?']);
    expect(shown.text).toContain('This may be triggered by:');
    expect(shown.issues).toEqual(['Issue 1006 - One or more parameters specified in the query are missing.']);
    expect(within(screen.getByTestId(testIds.sqlLab.resultsError)).getByTestId(testIds.errorMessage.parameterError)).toBeDefined();
  });

  it('shows a malformed template without suggestions', () => {
    renderWithTheme(<ResultsPane run={{ status: 'failed', message: malformed.message, error: malformed }} />);
    const shown = shownParameterError();
    expect(shown.title).toBe('Parameter error');
    expect(shown.suggestions).toEqual([]);
    expect(shown.issues).toEqual(['Issue 1028 - One or more parameters specified in the query are malformed.']);
  });

  it("shows other typed errors with their own display (a database error as 'DB engine Error')", () => {
    const other: ErrorItem = { message: 'no such table: x', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error', extra: {} };
    renderWithTheme(<ResultsPane run={{ status: 'failed', message: other.message, error: other }} />);
    expect(screen.queryByTestId(testIds.errorMessage.parameterError)).toBeNull();
    expect(screen.getByTestId(testIds.sqlLab.resultsError).textContent).toBe('DB engine Errorno such table: x');
  });
});

describe("'Parameter error' of a chart (the error registry by error_type)", () => {
  const chartSources: readonly ErrorSource[] = ['explore', 'dashboard'];

  it.each(chartSources)('shows the suggestions and issue codes of the server 400 in %s', (source) => {
    // The chart's request failed with the server's answer: the display is read from the ApiError.
    const answer = new ApiError(missingMessage, { status: 400, errors: [missing], isServerMessage: true });
    renderWithTheme(<ErrorMessage display={errorDisplayOf(answer)} source={source} ownerNames={['Ada Admin']} />);
    const shown = shownParameterError();
    expect(shown.display).toBe('parameter');
    expect(shown.title).toBe('Parameter error');
    expect(shown.message).toEqual([missingMessage]);
    expect(shown.suggestions).toEqual(['Did you mean: "state" instead of "stat"?']);
    expect(shown.issues).toEqual(['Issue 1006 - One or more parameters specified in the query are missing.']);
  });

  it('shows a malformed template of a chart without suggestions', () => {
    renderWithTheme(<ErrorMessage display={{ kind: 'typed', error: malformed }} source="explore" />);
    const shown = shownParameterError();
    expect(shown.title).toBe('Parameter error');
    expect(shown.suggestions).toEqual([]);
    expect(shown.issues).toEqual(['Issue 1028 - One or more parameters specified in the query are malformed.']);
  });
});
