import { useEffect, useMemo, useState, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import { loadNativeFilterRules } from '@/wasm/nativeFilters';
import type { DashboardLayout } from '../dashboardLayout';
import { saveNativeFilters } from './api';
import { chartComponentPath, filtersWithMappingChanges } from './filterMapping';

export const setFilterMappingTitle = 'Set filter mapping';

export interface FilterMappingModalProps {
  dashboardId: number;
  chart: DashboardChart;
  filters: readonly NativeFilter[];
  layout: DashboardLayout;
  chartIds: readonly number[];
  onClose: () => void;
  /** The configuration the server saved. */
  onSaved: (saved: NativeFilter[]) => void;
}

/**
 * "Set filter mapping" of one dashboard chart: a checkbox per native filter, checked when the
 * filter applies to the chart. Saving sends the filters whose mapping changed (`PUT
 * /api/v1/dashboard/{id}/filters`, `modified`), each with its new scope.
 */
export function FilterMappingModal({ dashboardId, chart, filters, layout, chartIds, onClose, onSaved }: FilterMappingModalProps): JSX.Element {
  const { addToast } = useToasts();
  const [initiallyMapped, setInitiallyMapped] = useState<ReadonlySet<string> | null>(null);
  const [mapped, setMapped] = useState<ReadonlySet<string>>(new Set());
  const [isSaving, setIsSaving] = useState(false);
  const chartPath = useMemo(() => chartComponentPath(layout, chart.id) ?? [], [layout, chart.id]);

  useEffect(() => {
    let isCurrent = true;
    void loadNativeFilterRules().then(
      (rules) => {
        if (!isCurrent) return;
        const inScope = new Set(filters.filter((filter) => rules.chartsInScope(layout, filter.scope, [...chartIds]).includes(chart.id)).map((filter) => filter.id));
        setInitiallyMapped(inScope);
        setMapped(inScope);
      },
      (error: unknown) => addToast('danger', errorMessage(error)),
    );
    return () => {
      isCurrent = false;
    };
  }, [filters, layout, chartIds, chart.id, addToast]);

  function toggle(filterId: string, isOn: boolean): void {
    setMapped((current) => {
      const next = new Set(current);
      if (isOn) next.add(filterId);
      else next.delete(filterId);
      return next;
    });
  }

  function save(): void {
    if (initiallyMapped === null) return;
    const modified = filtersWithMappingChanges(filters, chart.id, chartPath, initiallyMapped, mapped);
    if (modified.length === 0) {
      onClose();
      return;
    }
    setIsSaving(true);
    saveNativeFilters(dashboardId, { modified }).then(onSaved, (error: unknown) => {
      setIsSaving(false);
      addToast('danger', errorMessage(error));
    });
  }

  return (
    <Modal
      title={setFilterMappingTitle}
      testId={testIds.dashboardFilters.mappingModal}
      onClose={onClose}
      footer={
        <>
          <Button $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button $variant="primary" disabled={isSaving || initiallyMapped === null} data-testid={testIds.dashboardFilters.mappingSaveButton} onClick={save}>
            Save
          </Button>
        </>
      }
    >
      <Filters aria-label={chart.slice_name}>
        <Legend>{chart.slice_name}</Legend>
        {filters.map((filter) => (
          <label key={filter.id}>
            <input
              type="checkbox"
              data-testid={testIds.dashboardFilters.mappingFilter}
              data-filter-id={filter.id}
              disabled={initiallyMapped === null}
              checked={mapped.has(filter.id)}
              onChange={(event) => toggle(filter.id, event.target.checked)}
            />{' '}
            {filter.name}
          </label>
        ))}
      </Filters>
    </Modal>
  );
}

const Filters = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  margin: 0;
  border: 0;
`;

const Legend = styled.legend`
  margin-bottom: ${({ theme }) => theme.gridUnit * 2}px;
  font-weight: 600;
`;
