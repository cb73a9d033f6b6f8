import { useState, type JSX } from 'react';
import styled from 'styled-components';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { errorMessage } from '@/api/errors';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { testIds } from '@/testIds';
import { loadNativeFilterRules } from '@/wasm/nativeFilters';
import { saveNativeFilters, useDashboardDatasets } from './api';
import { draftProblem, newFilterDraft, savedFilter } from './filterDrafts';
import { FilterConfigForm } from './FilterConfigForm';

export interface FilterConfigModalProps {
  dashboardId: number;
  idOrSlug: string;
  filters: readonly NativeFilter[];
  charts: readonly DashboardChart[];
  /** The layout (`position_json` object) the scopes are computed on. */
  layout: unknown;
  onClose: () => void;
  /** After a save: the filters saved (new or changed) and the ids removed. */
  onSaved: (saved: readonly NativeFilter[], deletedIds: readonly string[]) => void;
}

export const filterConfigTitle = 'Add and edit filters';
export const unnamedFilterLabel = '[untitled]';

/** The filter configuration: the list of filters, the selected one's settings, Save and Cancel. */
export function FilterConfigModal({ dashboardId, idOrSlug, filters, charts, layout, onClose, onSaved }: FilterConfigModalProps): JSX.Element {
  const datasets = useDashboardDatasets(idOrSlug, true);
  const [drafts, setDrafts] = useState<NativeFilter[]>(() => (filters.length === 0 ? [newFilterDraft()] : [...filters]));
  const [selectedId, setSelectedId] = useState<string | null>(drafts[0]?.id ?? null);
  const [deletedIds, setDeletedIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const selected = drafts.find((draft) => draft.id === selectedId) ?? null;

  function addFilter(): void {
    const draft = newFilterDraft();
    setDrafts((current) => [...current, draft]);
    setSelectedId(draft.id);
  }

  function removeFilter(id: string): void {
    const remaining = drafts.filter((draft) => draft.id !== id);
    setDrafts(remaining);
    if (filters.some((filter) => filter.id === id)) setDeletedIds((current) => [...current, id]);
    if (selectedId === id) setSelectedId(remaining[0]?.id ?? null);
    setRangeError(null);
  }

  function updateDraft(next: NativeFilter): void {
    setDrafts((current) => current.map((draft) => (draft.id === next.id ? next : draft)));
    setRangeError(null);
  }

  async function save(): Promise<void> {
    for (const draft of drafts) {
      const draftError = draftProblem(draft);
      if (draftError !== null) {
        setSelectedId(draft.id);
        setProblem(draftError);
        return;
      }
    }
    setProblem(null);
    setIsSaving(true);
    try {
      const rules = await loadNativeFilterRules();
      const chartIds = charts.map((chart) => chart.id);
      const saved: NativeFilter[] = [];
      for (const draft of drafts) {
        try {
          saved.push(savedFilter(rules, draft, layout, chartIds));
        } catch (error: unknown) {
          setSelectedId(draft.id);
          setRangeError(errorMessage(error));
          return;
        }
      }
      await saveNativeFilters(dashboardId, { modified: saved, deleted: deletedIds, reordered: saved.map((filter) => filter.id) });
      onSaved(saved, deletedIds);
    } catch (error: unknown) {
      setProblem(errorMessage(error));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Modal
      title={filterConfigTitle}
      testId={testIds.dashboardFilters.configModal}
      onClose={onClose}
      footer={
        <>
          <Button $variant="secondary" data-testid={testIds.dashboardFilters.cancelButton} onClick={onClose}>
            Cancel
          </Button>
          <Button $variant="primary" disabled={isSaving} data-testid={testIds.dashboardFilters.saveButton} onClick={() => void save()}>
            Save
          </Button>
        </>
      }
    >
      <Layout>
        <List aria-label="Filters">
          {drafts.map((draft) => (
            <ListItem key={draft.id} data-testid={testIds.dashboardFilters.configListItem} data-filter-id={draft.id} aria-current={draft.id === selectedId}>
              <ItemButton type="button" onClick={() => setSelectedId(draft.id)}>
                {draft.name.trim() === '' ? unnamedFilterLabel : draft.name}
              </ItemButton>
              <Button $variant="link" aria-label={`Remove ${draft.name}`} data-testid={testIds.dashboardFilters.removeFilterButton} onClick={() => removeFilter(draft.id)}>
                ×
              </Button>
            </ListItem>
          ))}
          <Button $variant="secondary" data-testid={testIds.dashboardFilters.addFilterButton} onClick={addFilter}>
            + Add filter
          </Button>
        </List>
        {selected !== null && (
          <FilterConfigForm draft={selected} datasets={datasets.data ?? []} charts={charts} rangeError={rangeError} onChange={updateDraft} />
        )}
      </Layout>
      {problem !== null && (
        <Problem role="alert" data-testid={testIds.dashboardFilters.configError}>
          {problem}
        </Problem>
      )}
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
  width: 200px;
`;

const ListItem = styled.div`
  display: flex;
  align-items: center;
  border-radius: ${({ theme }) => theme.borderRadius}px;

  &[aria-current='true'] {
    background: ${({ theme }) => theme.colors.primary.light[3]};
  }
`;

const ItemButton = styled.button`
  flex: 1;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 0;
  background: none;
  color: inherit;
  text-align: left;
  cursor: pointer;
`;

const Problem = styled.p`
  margin: ${({ theme }) => theme.gridUnit * 3}px 0 0;
  color: ${({ theme }) => theme.colors.error.base};
`;
