import { describe, expect, it } from 'vitest';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import { clearInactiveQueries, isInactiveQuery } from './inactiveQueries';
import { resultMeta } from './sqlLabResultFixtures';

const now = 1_800_000_000_000;
const interval = 2000;

function query(id: string, changes: Partial<SqlLabQuery>): SqlLabQuery {
  return { ...resultMeta([], 0).query, id, progress: 0, resultsKey: null, startDttm: now - 10_000, ...changes };
}

describe('clearing inactive queries (spec 002 section 4)', () => {
  it('drops running and pending runs older than the interval with zero progress', () => {
    const queries = {
      stuckRunning: query('stuckRunning', { state: 'running' }),
      stuckPending: query('stuckPending', { state: 'pending' }),
      moving: query('moving', { state: 'running', progress: 40 }),
      recent: query('recent', { state: 'running', startDttm: now - interval }),
      fetching: query('fetching', { state: 'fetching' }),
      done: query('done', { state: 'success' }),
      unknownStart: query('unknownStart', { state: 'pending', startDttm: null }),
    };
    const cleared = clearInactiveQueries(queries, interval, now);
    expect(Object.keys(cleared).sort()).toEqual(['done', 'fetching', 'moving', 'recent', 'unknownStart']);
    expect(cleared.moving).toBe(queries.moving);
    expect(isInactiveQuery(queries.recent, interval, now + 1)).toBe(true);
    expect(isInactiveQuery(queries.recent, interval, now)).toBe(false);
  });

  it('gives the others the status of their stored results, when they have a results key and results', () => {
    const queries = {
      fetched: query('fetched', { state: 'fetching', resultsKey: 'abc' }),
      notRead: query('notRead', { state: 'fetching', resultsKey: 'def' }),
      noKey: query('noKey', { state: 'running', progress: 10 }),
    };
    const cleared = clearInactiveQueries(queries, interval, now, { fetched: 'success', noKey: 'failed' });
    expect(cleared.fetched?.state).toBe('success');
    expect(cleared.notRead?.state).toBe('fetching');
    expect(cleared.noKey?.state).toBe('running');
    // The input is left as it was.
    expect(queries.fetched.state).toBe('fetching');
  });

  it('answers nothing for nothing', () => {
    expect(clearInactiveQueries({}, interval, now)).toEqual({});
  });
});
