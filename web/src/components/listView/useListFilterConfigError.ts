import { useEffect, useState } from 'react';
import { listFilterConfigError } from '@/wasm/listFilterConfig';

/**
 * Spec 000 section 5: the core's check that each filter (by the column it filters) is a column of
 * the list. Null while the core loads, when it cannot load, and when the configuration is sound.
 */
export function useListFilterConfigError(filterColumnIds: readonly string[], columnIds: readonly string[]): string | null {
  const [error, setError] = useState<string | null>(null);
  // Compared by value: pages build their filter and column lists on every render.
  const filterKey = JSON.stringify(filterColumnIds);
  const columnKey = JSON.stringify(columnIds);

  useEffect(() => {
    let isCurrent = true;
    listFilterConfigError(JSON.parse(filterKey) as string[], JSON.parse(columnKey) as string[]).then(
      (message) => {
        if (isCurrent) setError(message);
      },
      (loadError: unknown) => {
        console.warn('list filter config check unavailable', loadError);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [filterKey, columnKey]);

  return error;
}
