import { useCallback, useState } from 'react';
import { errorMessage } from '@/api/errors';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { FilterBarOrientation } from '@/api/generated/FilterBarOrientation';
import { useToasts } from '@/components/toastContext';
import { saveDashboardMetadata } from '../api';
import { readFilterBarOrientation, withFilterBarOrientation } from './filterBarOrientation';

/** The filter bar's orientation and its change, saved in `json_metadata` (`PUT /api/v1/dashboard/{id}`). */
export interface FilterBarOrientationState {
  orientation: FilterBarOrientation;
  setOrientation: (orientation: FilterBarOrientation) => void;
}

/** `onSaved` gets the dashboard as saved (the page keeps it in its query cache). */
export function useFilterBarOrientation(dashboard: Dashboard | undefined, onSaved: (saved: Dashboard) => void): FilterBarOrientationState {
  const { addToast } = useToasts();
  const jsonMetadata = dashboard?.json_metadata ?? null;
  const dashboardId = dashboard?.id;
  // The bar moves at once; the stored value takes over when the save answers.
  const [chosenWhileSaving, setChosenWhileSaving] = useState<FilterBarOrientation | null>(null);

  const setOrientation = useCallback(
    (orientation: FilterBarOrientation) => {
      if (dashboardId === undefined) return;
      setChosenWhileSaving(orientation);
      void saveDashboardMetadata(dashboardId, withFilterBarOrientation(jsonMetadata, orientation))
        .then(onSaved, (error: unknown) => addToast('danger', errorMessage(error)))
        .finally(() => setChosenWhileSaving(null));
    },
    [dashboardId, jsonMetadata, onSaved, addToast],
  );

  return { orientation: chosenWhileSaving ?? readFilterBarOrientation(jsonMetadata), setOrientation };
}
