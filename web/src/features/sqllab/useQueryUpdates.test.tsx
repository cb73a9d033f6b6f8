import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import { resultMeta } from './sqlLabResultFixtures';
import { queryPollIntervalMs, queryPollOverlapMs, useQueryUpdates } from './useQueryUpdates';

const startMs = Date.UTC(2026, 10, 23, 7, 0, 0);
const runningQuery: SqlLabQuery = { ...resultMeta([], 0).query, state: 'running', progress: 40 };

/** The `last_updated_ms` of each `updated_since` call, answered with `answer`. */
function stubUpdatedSince(answer: () => Response): number[] {
  const asked: number[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    const match = /last_updated_ms%3A(\d+)/.exec(url);
    if (match?.[1] === undefined) throw new Error(`unexpected call ${url}`);
    asked.push(Number(match[1]));
    return Promise.resolve(answer());
  });
  return asked;
}

/** Moves the clock one poll interval and lets the answered poll settle. */
async function nextTick(): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(queryPollIntervalMs));
}

describe('useQueryUpdates', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(startMs);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("polls every second from the previous poll's time less the overlap, and stops when no run waits", async () => {
    const asked = stubUpdatedSince(() => Response.json({ result: [runningQuery] }));
    const onUpdates = vi.fn<(queries: readonly SqlLabQuery[]) => void>();
    const { rerender } = renderHook(({ isActive }) => useQueryUpdates(isActive, onUpdates), { initialProps: { isActive: true } });

    expect(asked).toEqual([]);
    await nextTick();
    expect(asked).toEqual([startMs - queryPollOverlapMs]);
    expect(onUpdates).toHaveBeenLastCalledWith([runningQuery]);
    await nextTick();
    expect(asked).toEqual([startMs - queryPollOverlapMs, startMs + 1000 - queryPollOverlapMs]);
    expect(onUpdates).toHaveBeenCalledTimes(2);

    rerender({ isActive: false });
    await nextTick();
    await nextTick();
    expect(asked).toHaveLength(2);
    expect(onUpdates).toHaveBeenCalledTimes(2);
  });

  it('does not poll while no run waits', async () => {
    const asked = stubUpdatedSince(() => Response.json({ result: [] }));
    renderHook(() => useQueryUpdates(false, () => undefined));
    await nextTick();
    await nextTick();
    expect(asked).toEqual([]);
  });

  it('asks again from the same time after a failed poll', async () => {
    let isDown = true;
    const asked = stubUpdatedSince(() => (isDown ? Response.json({ message: 'Server error' }, { status: 500 }) : Response.json({ result: [] })));
    const onUpdates = vi.fn<(queries: readonly SqlLabQuery[]) => void>();
    renderHook(() => useQueryUpdates(true, onUpdates));
    await nextTick();
    isDown = false;
    await nextTick();
    expect(asked).toEqual([startMs - queryPollOverlapMs, startMs - queryPollOverlapMs]);
    expect(onUpdates).toHaveBeenCalledExactlyOnceWith([]);
  });

  it('stops polling when the page unmounts', async () => {
    const asked = stubUpdatedSince(() => Response.json({ result: [] }));
    const { unmount } = renderHook(() => useQueryUpdates(true, () => undefined));
    await nextTick();
    unmount();
    await nextTick();
    expect(asked).toHaveLength(1);
  });
});
