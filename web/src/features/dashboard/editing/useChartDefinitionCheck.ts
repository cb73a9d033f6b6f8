import { useMemo } from 'react';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import { useToasts } from '@/components/toastContext';
import { isChartDropWithoutDefinition, noChartDefinitionMessage } from './sliceAdder';
import type { DashboardEditor } from './useDashboardEditor';

/**
 * Edit mode whose drops check the chart's definition: a chart dropped from the pane that the
 * dashboard has no definition of (unknown, or without a datasource) is not added, and Superset's
 * warning 'Sorry, there is no chart definition associated with the chart trying to be added.' shows.
 */
export function useChartDefinitionCheck(editor: DashboardEditor | null, charts: readonly DashboardChart[]): DashboardEditor | null {
  const { addToast } = useToasts();
  return useMemo<DashboardEditor | null>(() => {
    if (editor === null) return null;
    const chartsById = new Map(charts.map((chart) => [chart.id, chart]));
    return {
      ...editor,
      drop: (drop) => {
        if (isChartDropWithoutDefinition(drop, chartsById)) addToast('warning', noChartDefinitionMessage);
        else editor.drop(drop);
      },
    };
  }, [editor, charts, addToast]);
}
