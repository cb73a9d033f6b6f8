import { useEffect, useRef } from 'react';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import { fetchQueryUpdates } from './api';

/** How often the runs' progress is read while one is pending or running (Superset's 1 s). */
export const queryPollIntervalMs = 1000;

/**
 * Each poll asks for the runs changed since the previous poll was sent, less this overlap: a
 * change written while that poll was answered, or a small clock difference with the server, is
 * read twice rather than missed (the run transitions take a repeated update as no change).
 */
export const queryPollOverlapMs = 2000;

/**
 * While `isActive`, polls `GET /api/v1/query/updated_since` every second and hands the changed
 * runs to `onUpdates`; stops as soon as `isActive` turns false. A failed poll is retried at the
 * next tick from the same time.
 */
export function useQueryUpdates(isActive: boolean, onUpdates: (queries: readonly SqlLabQuery[]) => void): void {
  const onUpdatesRef = useRef(onUpdates);
  useEffect(() => {
    onUpdatesRef.current = onUpdates;
  }, [onUpdates]);

  useEffect(() => {
    if (!isActive) return undefined;
    const controller = new AbortController();
    let lastUpdatedMs = Date.now() - queryPollOverlapMs;
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function poll(): Promise<void> {
      const sentAt = Date.now();
      try {
        const queries = await fetchQueryUpdates(lastUpdatedMs, controller.signal);
        if (controller.signal.aborted) return;
        lastUpdatedMs = sentAt - queryPollOverlapMs;
        onUpdatesRef.current(queries);
      } catch {
        // Offline or refused: the next tick asks again from the same time.
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void poll(), queryPollIntervalMs);
    }

    timer = setTimeout(() => void poll(), queryPollIntervalMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [isActive]);
}
