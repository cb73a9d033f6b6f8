import { useState, type JSX } from 'react';
import styled from 'styled-components';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { NativeFilterScope } from '@/api/generated/NativeFilterScope';
import { Button } from '@/components/Button';
import { Modal, wideModalWidthPx } from '@/components/Modal';
import { testIds } from '@/testIds';
import { chartsInScopeOf, crossFilteringScopingLabel, customScopingLabel, globalScopingLabel, type CrossFilterScoping } from './crossFilterScoping';
import { scopeOfCharts } from './filterDrafts';

export interface CrossFilterScopingModalProps {
  charts: readonly DashboardChart[];
  scoping: CrossFilterScoping;
  /** The chart whose scoping opens first ("Cross-filtering scoping" in its menu); null for the global one. */
  initialChartId: number | null;
  isSaving: boolean;
  onSave: (scoping: CrossFilterScoping) => void;
  onClose: () => void;
}

export const addCustomScopingLabel = 'Add custom scoping';

/**
 * Superset's scoping modal: the global scoping and the charts with a custom one on the left (a
 * chart is added from "Add custom scoping" and removed with ×, returning to the global scoping);
 * the charts the selected scoping reaches on the right, as checkboxes.
 */
export function CrossFilterScopingModal({ charts, scoping, initialChartId, isSaving, onSave, onClose }: CrossFilterScopingModalProps): JSX.Element {
  const chartIds = charts.map((chart) => chart.id);
  const [globalScope, setGlobalScope] = useState(scoping.global);
  const [custom, setCustom] = useState<ReadonlyMap<number, NativeFilterScope>>(() => {
    if (initialChartId === null || scoping.custom.has(initialChartId)) return scoping.custom;
    // Opened from a chart without its own scoping: it starts from the global one.
    return new Map(scoping.custom).set(initialChartId, { ...scoping.global, excluded: [...new Set([...scoping.global.excluded, initialChartId])] });
  });
  const [selectedChartId, setSelectedChartId] = useState<number | null>(initialChartId);
  const chartName = (chartId: number): string => charts.find((chart) => chart.id === chartId)?.slice_name ?? String(chartId);
  const selectedScope = selectedChartId === null ? globalScope : (custom.get(selectedChartId) ?? globalScope);
  const offeredCharts = charts.filter((chart) => chart.id !== selectedChartId);
  const inScope = chartsInScopeOf(selectedScope, chartIds);

  function changeSelectedScope(chosen: readonly number[]): void {
    const scope = scopeOfCharts(chartIds, chosen);
    if (selectedChartId === null) setGlobalScope(scope);
    else setCustom((current) => new Map(current).set(selectedChartId, scope));
  }

  function addCustomScoping(chartId: number): void {
    setCustom((current) => new Map(current).set(chartId, scopeOfCharts(chartIds, chartsInScopeOf(globalScope, chartIds).filter((id) => id !== chartId))));
    setSelectedChartId(chartId);
  }

  function removeCustomScoping(chartId: number): void {
    setCustom((current) => {
      const next = new Map(current);
      next.delete(chartId);
      return next;
    });
    if (selectedChartId === chartId) setSelectedChartId(null);
  }

  return (
    <Modal
      title={crossFilteringScopingLabel}
      width={wideModalWidthPx}
      testId={testIds.dashboardFilters.scopingModal}
      onClose={onClose}
      footer={
        <>
          <Button $variant="secondary" data-testid={testIds.dashboardFilters.scopingCancelButton} onClick={onClose}>
            Cancel
          </Button>
          <Button
            $variant="primary"
            disabled={isSaving}
            data-testid={testIds.dashboardFilters.scopingSaveButton}
            onClick={() => onSave({ global: globalScope, custom })}
          >
            Save
          </Button>
        </>
      }
    >
      <Layout>
        <List aria-label={crossFilteringScopingLabel}>
          <Entry data-testid={testIds.dashboardFilters.scopingListItem} aria-current={selectedChartId === null}>
            <EntryButton type="button" onClick={() => setSelectedChartId(null)}>
              {globalScopingLabel}
            </EntryButton>
          </Entry>
          <ListHeading>{customScopingLabel}</ListHeading>
          {[...custom.keys()].map((chartId) => (
            <Entry key={chartId} data-testid={testIds.dashboardFilters.scopingListItem} data-chart-id={chartId} aria-current={selectedChartId === chartId}>
              <EntryButton type="button" onClick={() => setSelectedChartId(chartId)}>
                {chartName(chartId)}
              </EntryButton>
              <Button
                $variant="link"
                aria-label={`Remove custom scoping of ${chartName(chartId)}`}
                data-testid={testIds.dashboardFilters.scopingRemoveCustom}
                onClick={() => removeCustomScoping(chartId)}
              >
                ×
              </Button>
            </Entry>
          ))}
          <select
            aria-label={addCustomScopingLabel}
            data-testid={testIds.dashboardFilters.scopingAddCustomSelect}
            value=""
            onChange={(event) => addCustomScoping(Number(event.target.value))}
          >
            <option value="">{addCustomScopingLabel}</option>
            {charts
              .filter((chart) => !custom.has(chart.id))
              .map((chart) => (
                <option key={chart.id} value={chart.id}>
                  {chart.slice_name}
                </option>
              ))}
          </select>
        </List>
        <Scope aria-label={selectedChartId === null ? globalScopingLabel : chartName(selectedChartId)}>
          <ScopeTitle>{selectedChartId === null ? globalScopingLabel : chartName(selectedChartId)}</ScopeTitle>
          {offeredCharts.map((chart) => (
            <label key={chart.id}>
              <input
                type="checkbox"
                data-testid={testIds.dashboardFilters.scopingChart}
                data-chart-id={chart.id}
                checked={inScope.includes(chart.id)}
                onChange={(event) =>
                  changeSelectedScope(event.target.checked ? [...inScope, chart.id] : inScope.filter((chartId) => chartId !== chart.id))
                }
              />{' '}
              {chart.slice_name}
            </label>
          ))}
        </Scope>
      </Layout>
    </Modal>
  );
}

const Layout = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
`;

const List = styled.div`
  display: flex;
  flex: none;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  width: 220px;
`;

const ListHeading = styled.div`
  margin-top: ${({ theme }) => theme.gridUnit * 2}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const Entry = styled.div`
  display: flex;
  align-items: center;
  border-radius: ${({ theme }) => theme.borderRadius}px;

  &[aria-current='true'] {
    background: ${({ theme }) => theme.colors.primary.light[3]};
  }
`;

const EntryButton = styled.button`
  flex: 1;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 0;
  background: none;
  color: inherit;
  text-align: left;
  cursor: pointer;
`;

const Scope = styled.fieldset`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  margin: 0;
  border: 0;
`;

const ScopeTitle = styled.legend`
  margin-bottom: ${({ theme }) => theme.gridUnit * 2}px;
  font-weight: 600;
`;
