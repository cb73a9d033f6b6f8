import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** How long a refresh waits for a chart query to start before it counts as done (no chart near the viewport re-ran). */
export const refreshStartWaitMs = 1000;

type RefreshPhase = 'idle' | 'requested' | 'fetching';

/**
 * A dashboard flag (spec 001 §4 "refreshing", "filters refreshing"): true from the moment
 * `trigger` changes (a dashboard refresh, applied filters) until the dashboard's chart queries it
 * started have all answered; false at once when none starts within `refreshStartWaitMs`.
 */
export function useChartsRefreshing(dashboardId: number, trigger: unknown): boolean {
  const fetchingCount = useIsFetching({ queryKey: ['dashboard', dashboardId, 'chartData'] });
  const [phase, setPhase] = useState<RefreshPhase>('idle');
  const [seenTrigger, setSeenTrigger] = useState(trigger);

  // The phase follows the trigger and the running queries as the page renders (React's "adjust
  // state when a prop changes"): requested, then fetching once a chart query runs, then idle.
  let nextPhase = phase;
  if (!Object.is(seenTrigger, trigger)) {
    setSeenTrigger(trigger);
    nextPhase = 'requested';
  }
  if (nextPhase === 'requested' && fetchingCount > 0) nextPhase = 'fetching';
  if (nextPhase === 'fetching' && fetchingCount === 0) nextPhase = 'idle';
  if (nextPhase !== phase) setPhase(nextPhase);

  useEffect(() => {
    if (nextPhase !== 'requested') return undefined;
    const timer = window.setTimeout(() => setPhase((current) => (current === 'requested' ? 'idle' : current)), refreshStartWaitMs);
    return () => window.clearTimeout(timer);
  }, [nextPhase, seenTrigger]);

  return nextPhase !== 'idle';
}
