import type { QueryState } from './queryStates';

/** The colour family of a run's state (spec 002 section 3). */
export type QueryStatusColour = 'error' | 'info' | 'warning' | 'success';

/**
 * offline, failed and stopped (and timed_out) use error; pending and fetching (and scheduled) use
 * info; running (and started) uses warning; success uses success.
 */
export function queryStatusColour(status: string): QueryStatusColour {
  switch (status) {
    case 'success':
      return 'success';
    case 'running':
    case 'started':
      return 'warning';
    case 'pending':
    case 'fetching':
    case 'scheduled':
      return 'info';
    default:
      return 'error';
  }
}

/** The states the history's status filter offers. */
export const queryStatuses: readonly QueryState[] = ['success', 'failed', 'stopped', 'timed_out', 'running', 'pending', 'fetching'];

/** How long a run took, as the history shows it: `00:00:01.250`; empty while it runs. */
export function runDuration(startMs: number | null, endMs: number | null): string {
  if (startMs === null || endMs === null || endMs < startMs) return '';
  const total = Math.round(endMs - startMs);
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const milliseconds = total % 1000;
  const two = (value: number): string => String(value).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(seconds)}.${String(milliseconds).padStart(3, '0')}`;
}
