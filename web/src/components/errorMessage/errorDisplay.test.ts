import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromResponse, networkError } from '@/api/errors';
import type { ErrorItem } from '@/api/generated/ErrorItem';
import { errorDisplayOf, errorDisplayOfResult, fieldMessagesOf } from './errorDisplay';

const engineError: ErrorItem = {
  message: 'DuckDB Error: boom',
  error_type: 'GENERIC_DB_ENGINE_ERROR',
  level: 'error',
  extra: { engine_name: 'DuckDB' },
};

describe('errorDisplayOf', () => {
  it("reads the server's first typed error", () => {
    const error = new ApiError('DuckDB Error: boom', { status: 400, errorType: 'GENERIC_DB_ENGINE_ERROR', errors: [engineError] });
    expect(errorDisplayOf(error)).toEqual({ kind: 'typed', error: engineError });
  });

  it('types a failed fetch as FRONTEND_NETWORK_ERROR', () => {
    expect(errorDisplayOf(networkError())).toEqual({
      kind: 'typed',
      error: { message: 'Network error', error_type: 'FRONTEND_NETWORK_ERROR', level: 'error', extra: {} },
    });
  });

  it('is unexpected for an untyped answer, with no stack', () => {
    expect(errorDisplayOf(new ApiError('Internal server error', { status: 500 }))).toEqual({
      kind: 'unexpected',
      message: 'Internal server error',
      stackTrace: null,
    });
  });

  it("is unexpected for an answer with a stack: 'Unexpected error: ' plus its description, the stack behind it", async () => {
    const body = { description: 'division by zero', stack: 'Traceback (most recent call last):\n  File "query.py"' };
    const error = await apiErrorFromResponse(Response.json(body, { status: 500 }));
    expect(errorDisplayOf(error)).toEqual({
      kind: 'unexpected',
      message: 'Unexpected error: division by zero',
      stackTrace: 'Traceback (most recent call last):\n  File "query.py"',
    });
  });

  it('is unexpected for a thrown Error, with its stack', () => {
    const error = new Error('Malformed chart data');
    error.stack = 'Error: Malformed chart data\n    at splitChartDataFrames';
    expect(errorDisplayOf(error)).toEqual({ kind: 'unexpected', message: 'Malformed chart data', stackTrace: 'Error: Malformed chart data\n    at splitChartDataFrames' });
  });

  it('lists the fields of a typed error whose extra names fields', () => {
    const invalid: ErrorItem = {
      message: 'Invalid payload',
      error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR',
      level: 'error',
      extra: { messages: { row_limit: ['Not a valid integer.'], filters: { op: 'Must be one of: ==, IN.' } } },
    };
    expect(errorDisplayOf(new ApiError('Invalid payload', { status: 400, errors: [invalid] }))).toEqual({
      kind: 'fieldValidation',
      message: 'Invalid payload',
      fields: [
        { field: 'row_limit', messages: ['Not a valid integer.'] },
        { field: 'filters.op', messages: ['Must be one of: ==, IN.'] },
      ],
    });
  });
});

describe('errorDisplayOfResult', () => {
  it("prefers the result's typed errors over its message", () => {
    expect(errorDisplayOfResult('DuckDB Error: boom', [engineError])).toEqual({ kind: 'typed', error: engineError });
    expect(errorDisplayOfResult('boom', undefined, 'trace')).toEqual({ kind: 'unexpected', message: 'boom', stackTrace: 'trace' });
  });
});

describe('fieldMessagesOf', () => {
  it('reads nothing from a non-object', () => {
    expect(fieldMessagesOf(['a'])).toEqual([]);
    expect(fieldMessagesOf(undefined)).toEqual([]);
  });
});
