import type { LogEvent } from '@/api/eventLog';
import type { RunState } from './runLifecycle';

/** Superset's `LOG_ACTIONS_SQLLAB_FETCH_FAILED_QUERY`. */
export const failedQueryEventName = 'sqllab_fetch_failed_query';

/**
 * The log events of a failed run (spec 002 section 8): its error type and the codes of its issues,
 * `[-1]` when the error names none (or the server sent no typed error), and the message.
 */
export function failedQueryLogEvents(run: Extract<RunState, { status: 'failed' }>): LogEvent[] {
  const issueCodes = run.error?.extra.issue_codes?.map((issue) => issue.code) ?? [];
  return [
    {
      event_name: failedQueryEventName,
      source: 'sqlLab',
      has_err: true,
      error_type: run.error?.error_type ?? null,
      issue_codes: issueCodes.length > 0 ? issueCodes : [-1],
      error_details: run.error?.message ?? run.message,
    },
  ];
}
