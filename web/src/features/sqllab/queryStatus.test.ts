import { describe, expect, it } from 'vitest';
import { queryStatusColour, runDuration } from './queryStatus';

describe('query status colours', () => {
  it('follows spec 002 section 3', () => {
    expect(['offline', 'failed', 'stopped', 'timed_out'].map(queryStatusColour)).toEqual(['error', 'error', 'error', 'error']);
    expect(['pending', 'fetching'].map(queryStatusColour)).toEqual(['info', 'info']);
    expect(queryStatusColour('running')).toBe('warning');
    expect(queryStatusColour('success')).toBe('success');
  });

  it('shows how long a run took', () => {
    expect(runDuration(1000, 2250)).toBe('00:00:01.250');
    expect(runDuration(0, 3_723_004)).toBe('01:02:03.004');
    expect(runDuration(1000, null)).toBe('');
  });
});
