import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '@/api/errors';
import type { Dashboard } from '@/api/generated/Dashboard';
import { useToasts } from '@/components/toastContext';
import { saveDashboardMetadata } from '../api';
import {
  crossFilterScopingSaveFailedMessage,
  readCrossFilterSettings,
  withCrossFilterScoping,
  withCrossFiltersEnabled,
  type CrossFilterScoping,
  type CrossFilterSettings,
} from './crossFilterScoping';

/** The dashboard's cross-filter settings, the scoping modal's state, and their saves. */
export interface CrossFilterScopingState {
  settings: CrossFilterSettings;
  /** The open modal: the chart it was opened for, or null for the global scoping; undefined when closed. */
  openedFor: number | null | undefined;
  open: (chartId: number | null) => void;
  close: () => void;
  isSaving: boolean;
  /** Saves the scoping (`chart_configuration`, `global_chart_configuration`); 'Failed to save cross-filter scoping' on failure. */
  save: (scoping: CrossFilterScoping) => void;
  /** Saves `cross_filters_enabled`. */
  setEnabled: (isEnabled: boolean) => void;
}

/** `onSaved` gets the dashboard as saved (the page keeps it in its query cache). */
export function useCrossFilterScoping(
  dashboard: Dashboard | undefined,
  chartIds: readonly number[],
  onSaved: (saved: Dashboard) => void,
): CrossFilterScopingState {
  const { addToast } = useToasts();
  const jsonMetadata = dashboard?.json_metadata ?? null;
  const dashboardId = dashboard?.id;
  // The toggle shows the chosen value at once, until its save answers.
  const [enabledWhileSaving, setEnabledWhileSaving] = useState<boolean | null>(null);
  const settings = useMemo(() => {
    const stored = readCrossFilterSettings(jsonMetadata);
    return enabledWhileSaving === null ? stored : { ...stored, isEnabled: enabledWhileSaving };
  }, [jsonMetadata, enabledWhileSaving]);
  const [openedFor, setOpenedFor] = useState<number | null | undefined>(undefined);
  const [isSaving, setIsSaving] = useState(false);

  const save = useCallback(
    (scoping: CrossFilterScoping) => {
      if (dashboardId === undefined) return;
      setIsSaving(true);
      void saveDashboardMetadata(dashboardId, withCrossFilterScoping(jsonMetadata, scoping, chartIds))
        .then(
          (saved) => {
            onSaved(saved);
            setOpenedFor(undefined);
          },
          () => addToast('danger', crossFilterScopingSaveFailedMessage),
        )
        .finally(() => setIsSaving(false));
    },
    [dashboardId, jsonMetadata, chartIds, onSaved, addToast],
  );

  const setEnabled = useCallback(
    (isEnabled: boolean) => {
      if (dashboardId === undefined) return;
      setEnabledWhileSaving(isEnabled);
      void saveDashboardMetadata(dashboardId, withCrossFiltersEnabled(jsonMetadata, isEnabled))
        .then(onSaved, (error: unknown) => addToast('danger', errorMessage(error)))
        .finally(() => setEnabledWhileSaving(null));
    },
    [dashboardId, jsonMetadata, onSaved, addToast],
  );

  return {
    settings,
    openedFor,
    open: setOpenedFor,
    close: useCallback(() => setOpenedFor(undefined), []),
    isSaving,
    save,
    setEnabled,
  };
}
