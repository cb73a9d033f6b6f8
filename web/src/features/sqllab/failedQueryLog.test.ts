import { describe, expect, it } from 'vitest';
import { failedQueryEventName, failedQueryLogEvents } from './failedQueryLog';

describe('failedQueryLogEvents', () => {
  it('logs the error type and issue codes of a typed failure', () => {
    const events = failedQueryLogEvents({
      status: 'failed',
      message: 'CTAS (create table as select) can only be run with a query where the last statement is a SELECT.',
      error: {
        message: 'CTAS (create table as select) can only be run with a query where the last statement is a SELECT.',
        error_type: 'INVALID_CTAS_QUERY_ERROR',
        level: 'error',
        extra: { issue_codes: [{ code: 1023, message: 'Issue 1023 - ...' }] },
      },
    });
    expect(events).toEqual([
      expect.objectContaining({ event_name: failedQueryEventName, error_type: 'INVALID_CTAS_QUERY_ERROR', issue_codes: [1023], has_err: true }),
    ]);
  });

  it('logs issue code -1 when the failure names none', () => {
    const [event] = failedQueryLogEvents({ status: 'failed', message: 'Server error' });
    expect(event).toEqual(expect.objectContaining({ event_name: 'sqllab_fetch_failed_query', error_type: null, issue_codes: [-1], error_details: 'Server error' }));
  });
});
