import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { ErrorMessage } from './ErrorMessage';
import type { ErrorSource } from './errorSource';

function typed(error: Partial<ErrorItem> & Pick<ErrorItem, 'error_type' | 'message'>): ErrorItem {
  return { level: 'error', extra: {}, ...error };
}

/** The alert as the user reads it: its display name, title, message and description. */
function shownAlert(): { display: string | null; title: string; message: string | null; description: string | null } {
  const alert = screen.getByTestId(testIds.errorMessage.alert);
  return {
    display: alert.getAttribute('data-error-display'),
    title: within(alert).getByTestId(testIds.errorMessage.title).textContent,
    message: within(alert).queryByTestId(testIds.errorMessage.message)?.textContent ?? null,
    description: within(alert).queryByTestId(testIds.errorMessage.description)?.textContent ?? null,
  };
}

async function openDetails(): Promise<string> {
  const toggle = screen.getByTestId(testIds.errorMessage.detailsToggle);
  expect(toggle.textContent).toBe('See more');
  await userEvent.click(toggle);
  expect(toggle.textContent).toBe('See less');
  return screen.getByTestId(testIds.errorMessage.details).textContent;
}

const duckDbError = typed({
  error_type: 'GENERIC_DB_ENGINE_ERROR',
  message: 'DuckDB Error: Binder Error: Referenced column "nope" not found in FROM clause!\nCandidate bindings: "num"',
  extra: {
    engine_name: 'DuckDB',
    issue_codes: [{ code: 1002, message: 'Issue 1002 - The database returned an unexpected error.' }],
  },
});

describe("'{engine} Error'", () => {
  it('titles the engine, shows the first line, the rest below, and behind "See more" the issue codes and the chart owners', async () => {
    renderWithTheme(<ErrorMessage display={{ kind: 'typed', error: duckDbError }} source="explore" ownerNames={['Ada Admin', 'Grace Hopper']} />);

    expect(shownAlert()).toEqual({
      display: 'database',
      title: 'DuckDB Error',
      message: 'DuckDB Error: Binder Error: Referenced column "nope" not found in FROM clause!',
      description: 'Candidate bindings: "num"',
    });
    expect(await openDetails()).toBe(
      'This may be triggered by:Issue 1002 - The database returned an unexpected error.' +
        'Please reach out to the Chart Owners for assistance.' +
        'Chart Owners: Ada Admin, Grace Hopper',
    );
  });

  it('names one owner in the singular on a dashboard', async () => {
    renderWithTheme(<ErrorMessage display={{ kind: 'typed', error: duckDbError }} source="dashboard" ownerNames={['Ada Admin']} />);

    expect(await openDetails()).toContain('Please reach out to the Chart Owner for assistance.Chart Owner: Ada Admin');
  });

  it('names no owners outside a chart (SQL Lab), and says "DB engine Error" when the server names no engine', async () => {
    const columnMissing = typed({
      error_type: 'COLUMN_DOES_NOT_EXIST_ERROR',
      message: 'Columns missing in dataset: nope',
      extra: { issue_codes: [{ code: 1004, message: 'Issue 1004 - The column was deleted or renamed in the database.' }] },
    });
    renderWithTheme(<ErrorMessage display={{ kind: 'typed', error: columnMissing }} source="sqllab" ownerNames={['Ada Admin']} />);

    expect(shownAlert().title).toBe('DB engine Error');
    expect(await openDetails()).toBe('This may be triggered by:Issue 1004 - The column was deleted or renamed in the database.');
  });

  it('has no "See more" when there are neither issue codes nor owners', () => {
    renderWithTheme(
      <ErrorMessage
        display={{ kind: 'typed', error: typed({ error_type: 'GENERIC_DB_ENGINE_ERROR', message: 'PostgreSQL Error: boom', extra: { engine_name: 'PostgreSQL' } }) }}
        source="explore"
      />,
    );

    expect(shownAlert().title).toBe('PostgreSQL Error');
    expect(screen.queryByTestId(testIds.errorMessage.detailsToggle)).toBeNull();
  });
});

describe("'Timeout error'", () => {
  const timeout = typed({
    error_type: 'BACKEND_TIMEOUT_ERROR',
    message: 'The query exceeded the 30 seconds timeout.',
    extra: {
      engine_name: 'DuckDB',
      timeout: 30,
      issue_codes: [
        { code: 1000, message: 'Issue 1000 - The dataset is too large to query.' },
        { code: 1001, message: 'Issue 1001 - The database is under an unusual load.' },
      ],
    },
  });

  it.each<[ErrorSource, string]>([
    ['explore', 'We’re having trouble loading this visualization. Queries are set to timeout after 30 seconds.'],
    ['dashboard', 'We’re having trouble loading this visualization. Queries are set to timeout after 30 seconds.'],
    ['sqllab', 'We’re having trouble loading these results. Queries are set to timeout after 30 seconds.'],
  ])('in %s says "%s"', (source, message) => {
    renderWithTheme(<ErrorMessage display={{ kind: 'typed', error: timeout }} source={source} />);

    expect(shownAlert()).toEqual({ display: 'timeout', title: 'Timeout error', message, description: null });
  });

  it('lists the issue codes and the owners behind "See more"; one second is singular', async () => {
    const oneSecond = { ...timeout, extra: { ...timeout.extra, timeout: 1 } };
    renderWithTheme(<ErrorMessage display={{ kind: 'typed', error: oneSecond }} source="dashboard" ownerNames={['Ada Admin']} />);

    expect(shownAlert().message).toBe('We’re having trouble loading this visualization. Queries are set to timeout after 1 second.');
    expect(await openDetails()).toBe(
      'This may be triggered by:Issue 1000 - The dataset is too large to query.Issue 1001 - The database is under an unusual load.' +
        'Please reach out to the Chart Owner for assistance.Chart Owner: Ada Admin',
    );
  });

  it("shows the server's message when it sends no timeout", () => {
    const withoutSeconds = typed({ error_type: 'FRONTEND_TIMEOUT_ERROR', message: 'Request timed out' });
    renderWithTheme(<ErrorMessage display={{ kind: 'typed', error: withoutSeconds }} source="explore" />);

    expect(shownAlert()).toEqual({ display: 'timeout', title: 'Timeout error', message: 'Request timed out', description: null });
  });
});

describe("'Unable to parse SQL'", () => {
  it('shows the offending line with a caret under the column', () => {
    const parseError = typed({
      error_type: 'INVALID_SQL_ERROR',
      message: 'Unable to parse SQL: Expected an expression, found: FROM',
      extra: { line: 2, column: 8 },
    });
    renderWithTheme(<ErrorMessage display={{ kind: 'typed', error: parseError }} source="sqllab" sql={'SELECT a,\n  b, c, FROM t'} />);

    expect(shownAlert()).toMatchObject({ display: 'invalid-sql', title: 'Unable to parse SQL', message: 'Unable to parse SQL: Expected an expression, found: FROM' });
    const description = screen.getByTestId(testIds.errorMessage.description);
    expect([...description.querySelectorAll('pre')].map((pre) => pre.textContent)).toEqual(['  b, c, FROM t', '       ^']);
  });

  it("shows a chart's custom SQL fragment from extra.sql, at the server's line and column", () => {
    const parseError = typed({
      error_type: 'INVALID_SQL_ERROR',
      message: 'Unable to parse SQL: Expected: an expression, found: ) at Line: 2, Column: 5',
      extra: { sql: 'SUM(num)\n  + )', line: 2, column: 5 },
    });
    renderWithTheme(<ErrorMessage display={{ kind: 'typed', error: parseError }} source="explore" />);

    const description = screen.getByTestId(testIds.errorMessage.description);
    expect([...description.querySelectorAll('pre')].map((pre) => pre.textContent)).toEqual(['  + )', '    ^']);
  });

  it('shows the message only when the server sends no line', () => {
    const parseError = typed({ error_type: 'INVALID_SQL_ERROR', message: 'Unable to parse SQL: sql parser error: Expected: an expression, found: EOF' });
    renderWithTheme(<ErrorMessage display={{ kind: 'typed', error: parseError }} source="explore" />);

    expect(shownAlert()).toEqual({
      display: 'invalid-sql',
      title: 'Unable to parse SQL',
      message: 'Unable to parse SQL: sql parser error: Expected: an expression, found: EOF',
      description: null,
    });
  });
});

describe("'Missing dataset' and 'Network Error'", () => {
  it("shows 'Missing dataset' for a chart whose dataset does not exist", () => {
    const missing = typed({ error_type: 'OBJECT_DOES_NOT_EXIST_ERROR', message: 'The dataset does not exist' });
    renderWithTheme(<ErrorMessage display={{ kind: 'typed', error: missing }} source="dashboard" />);

    expect(shownAlert()).toEqual({ display: 'missing-dataset', title: 'Missing dataset', message: 'The dataset does not exist', description: null });
  });

  it("shows 'Network Error' for a fetch that got no answer", () => {
    const network = typed({ error_type: 'FRONTEND_NETWORK_ERROR', message: 'Network error' });
    renderWithTheme(<ErrorMessage display={{ kind: 'typed', error: network }} source="explore" />);

    expect(shownAlert()).toEqual({ display: 'network', title: 'Network Error', message: 'Network error', description: null });
  });
});

describe("'Unexpected error'", () => {
  it('shows the message, and behind "See more" the request-access link and the stack trace', async () => {
    renderWithTheme(
      <ErrorMessage
        display={{ kind: 'unexpected', message: 'Internal server error', stackTrace: 'at drawChart (chart.ts:1)' }}
        source="explore"
        requestAccessLink="/request_access/?datasource_id=3"
      />,
    );

    expect(shownAlert()).toEqual({ display: 'unexpected', title: 'Unexpected error', message: 'Internal server error', description: null });
    expect(await openDetails()).toBe('Request Accessat drawChart (chart.ts:1)');
    expect(screen.getByRole('link', { name: 'Request Access' }).getAttribute('href')).toBe('/request_access/?datasource_id=3');
  });

  it("offers a datasource access error's own link (the server's extra.link) as 'Request Access'", async () => {
    const denied = typed({
      error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR',
      level: 'warning',
      message: 'This endpoint requires the datasource birth_names, database or `all_datasource_access` permission',
      extra: { link: 'mailto:ada@example.org?subject=Request%20access%20to%20birth_names', datasource: 'birth_names' },
    });
    renderWithTheme(<ErrorMessage display={{ kind: 'typed', error: denied }} source="dashboard" />);

    expect(shownAlert()).toEqual({ display: 'unexpected', title: 'Unexpected error', message: denied.message, description: null });
    expect(await openDetails()).toBe('Request Access');
    expect(screen.getByRole('link', { name: 'Request Access' }).getAttribute('href')).toBe('mailto:ada@example.org?subject=Request%20access%20to%20birth_names');
  });

  it('is what a typed error without a display of its own shows, and says "An error occurred" when there is no message', () => {
    renderWithTheme(
      <>
        <ErrorMessage
          display={{ kind: 'typed', error: typed({ error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR', message: 'This endpoint requires the datasource birth_names' }) }}
          source="explore"
        />
        <ErrorMessage display={{ kind: 'unexpected', message: '', stackTrace: null }} source="explore" />
      </>,
    );

    const alerts = screen.getAllByTestId(testIds.errorMessage.alert);
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Unexpected errorThis endpoint requires the datasource birth_names',
      'Unexpected errorAn error occurred',
    ]);
    expect(screen.queryByTestId(testIds.errorMessage.detailsToggle)).toBeNull();
  });

  it('gives way to a fallback when one is given', () => {
    renderWithTheme(<ErrorMessage display={{ kind: 'unexpected', message: 'boom', stackTrace: null }} source="crud" fallback={<p>Sorry, an unknown error occurred</p>} />);

    expect(screen.queryByTestId(testIds.errorMessage.alert)).toBeNull();
    expect(screen.getByText('Sorry, an unknown error occurred')).not.toBeNull();
  });
});

describe('the field-validation list', () => {
  it('lists each field message with its field, and the messages as JSON behind "See more"', async () => {
    renderWithTheme(
      <ErrorMessage
        display={{
          kind: 'fieldValidation',
          message: 'Invalid input',
          fields: [
            { field: 'metrics', messages: ['cannot be empty'] },
            { field: 'row_limit', messages: ['is expected to be an integer'] },
          ],
        }}
        source="explore"
      />,
    );

    expect(shownAlert().display).toBe('field-validation');
    expect(shownAlert().title).toBe('Invalid input');
    const items = within(screen.getByTestId(testIds.errorMessage.description)).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['metrics: cannot be empty', 'row_limit: is expected to be an integer']);
    expect(JSON.parse(await openDetails())).toEqual({ metrics: ['cannot be empty'], row_limit: ['is expected to be an integer'] });
  });
});
