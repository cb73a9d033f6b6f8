import { describe, expect, it } from 'vitest';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import { hasParameterErrors, parameterErrorsOf } from './parameterValidation';

const missing: ErrorItem = {
  message: 'One or more parameters are missing: database, username',
  error_type: 'CONNECTION_MISSING_PARAMETERS_ERROR',
  level: 'warning',
  extra: { issue_codes: [], missing: ['database', 'username'] },
};

const closedPort: ErrorItem = {
  message: 'The port is closed.',
  error_type: 'CONNECTION_PORT_CLOSED_ERROR',
  level: 'error',
  extra: { issue_codes: [], invalid: ['port'] },
};

const accessDenied: ErrorItem = {
  message: 'Either the username "bob" or the password is incorrect.',
  error_type: 'CONNECTION_ACCESS_DENIED_ERROR',
  level: 'error',
  extra: {
    issue_codes: [{ code: 1014, message: 'Issue 1014 - Either the username or the password is wrong.' }],
    invalid: ['username', 'password'],
  },
};

describe('parameterErrorsOf', () => {
  it("puts 'This is a required field' on each missing field, on submit only", () => {
    const onSubmit = parameterErrorsOf([missing, closedPort], true);
    expect(onSubmit.fields).toEqual({
      database: 'This is a required field',
      username: 'This is a required field',
      port: 'The port is closed.',
    });
    const whileTyping = parameterErrorsOf([missing, closedPort], false);
    expect(whileTyping.fields).toEqual({ port: 'The port is closed.' });
    expect(whileTyping.errorType).toBe('CONNECTION_PORT_CLOSED_ERROR');
  });

  it('ignores access denied unless the form is submitted, then names the first invalid field', () => {
    expect(hasParameterErrors(parameterErrorsOf([accessDenied], false))).toBe(false);
    const onSubmit = parameterErrorsOf([accessDenied], true);
    expect(onSubmit.fields).toEqual({ username: 'Either the username "bob" or the password is incorrect.' });
    expect(hasParameterErrors(onSubmit)).toBe(true);
  });

  it('attaches catalog errors to their row: the name, the URL, or both', () => {
    const catalogError = (idx: number, target: { name?: boolean; url?: boolean }, message: string): ErrorItem => ({
      message,
      error_type: 'CONNECTION_MISSING_PARAMETERS_ERROR',
      level: 'warning',
      extra: { issue_codes: [], catalog: { idx, ...target } },
    });
    const errors = parameterErrorsOf(
      [
        catalogError(0, { name: true }, 'Sheet name is required'),
        catalogError(1, { url: true }, 'URL is required'),
        catalogError(2, {}, 'URL could not be identified'),
      ],
      true,
    );
    expect(errors.catalog).toEqual({
      0: { name: 'Sheet name is required' },
      1: { url: 'URL is required' },
      2: { name: 'URL could not be identified', url: 'URL could not be identified' },
    });
    expect(errors.fields).toEqual({});
  });

  it('gives an error without a field its issue code as the description', () => {
    const generic: ErrorItem = {
      message: '',
      error_type: 'GENERIC_DB_ENGINE_ERROR',
      level: 'error',
      extra: { issue_codes: [{ code: 1002, message: 'Issue 1002 - The database returned an unexpected error.' }] },
    };
    expect(parameterErrorsOf([generic], false).description).toBe('Issue 1002 - The database returned an unexpected error.');
    const withText = { ...generic, message: 'server closed the connection' };
    expect(parameterErrorsOf([withText], false).description).toBe('server closed the connection');
    const noIssues = { ...generic, extra: { issue_codes: [] } };
    expect(hasParameterErrors(parameterErrorsOf([noIssues], true))).toBe(false);
  });
});
