import { useEffect, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { errorMessage } from '@/api/errors';
import { Button } from '@/components/Button';
import { Modal, wideModalWidthPx } from '@/components/Modal';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import { loadNativeFilterRules } from '@/wasm/nativeFilters';
import { saveNativeFilters, useDashboardDatasets } from './api';
import { DividerConfigForm } from './DividerConfigForm';
import { draftLabel, draftOf, draftProblem, newDividerDraft, newFilterDraft, parentsByFilter, savedFilter } from './filterDrafts';
import { FilterConfigForm } from './FilterConfigForm';
import { isDivider } from './nativeFilterConfig';

export interface FilterConfigModalProps {
  dashboardId: number;
  idOrSlug: string;
  /** The filters and dividers of `native_filter_configuration`, in order. */
  filters: readonly NativeFilter[];
  charts: readonly DashboardChart[];
  /** The layout (`position_json` object) the scopes are computed on. */
  layout: unknown;
  onClose: () => void;
  /** After a save: the filters and dividers saved (new or changed) and the ids removed. */
  onSaved: (saved: readonly NativeFilter[], deletedIds: readonly string[]) => void;
}

export const filterConfigTitle = 'Add and edit filters';
/** How long a removed filter can be restored before it leaves the list (spec 001 §4). */
export const filterRemovalUndoMs = 5000;
export const removedFilterMessage = 'You have removed this filter.';
export const restoreFilterLabel = 'Restore Filter';
export const unnamedFilterLabel = '[untitled]';
/** Superset's message for parents that lead back to the filter. */
export const cyclicHierarchyMessage = 'Cannot create cyclic hierarchy';

/** The filter configuration: the list of filters and dividers, the selected one's settings, Save and Cancel. */
export function FilterConfigModal({ dashboardId, idOrSlug, filters, charts, layout, onClose, onSaved }: FilterConfigModalProps): JSX.Element {
  const datasets = useDashboardDatasets(idOrSlug, true);
  const { addToast } = useToasts();
  // No filter yet (none, or only dividers): a new Value filter to fill in, selected, as on a first open.
  const hasFilters = filters.some((item) => !isDivider(item));
  const [drafts, setDrafts] = useState<NativeFilter[]>(() =>
    hasFilters ? filters.map(draftOf) : [...filters.map(draftOf), newFilterDraft()],
  );
  const [selectedId, setSelectedId] = useState<string | null>(() => (hasFilters ? drafts[0]?.id : drafts[drafts.length - 1]?.id) ?? null);
  const [deletedIds, setDeletedIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // Filters removed less than 5000 ms ago: still listed, restorable, left out of a save.
  const [pendingRemovals, setPendingRemovals] = useState<ReadonlySet<string>>(() => new Set());
  const removalTimers = useRef(new Map<string, number>());
  const selected = drafts.find((draft) => draft.id === selectedId) ?? null;
  // The filters whose parents lead back to themselves (the core's check), for the parent field.
  const [cycleIds, setCycleIds] = useState<readonly string[]>([]);
  const keptDrafts = drafts.filter((draft) => !pendingRemovals.has(draft.id));
  const parentsKey = JSON.stringify(parentsByFilter(keptDrafts));

  useEffect(() => {
    let isCurrent = true;
    void loadNativeFilterRules().then((rules) => {
      if (isCurrent) setCycleIds(rules.filtersInCascadeCycle(JSON.parse(parentsKey) as Record<string, string[]>));
    });
    return () => {
      isCurrent = false;
    };
  }, [parentsKey]);

  useEffect(() => {
    const timers = removalTimers.current;
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, []);

  function addDraft(draft: NativeFilter): void {
    setDrafts((current) => [...current, draft]);
    setSelectedId(draft.id);
  }

  function forgetPendingRemoval(id: string): void {
    window.clearTimeout(removalTimers.current.get(id));
    removalTimers.current.delete(id);
    setPendingRemovals((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  }

  function dropFilter(id: string): void {
    forgetPendingRemoval(id);
    setDrafts((current) => current.filter((draft) => draft.id !== id));
    if (filters.some((filter) => filter.id === id)) setDeletedIds((current) => (current.includes(id) ? current : [...current, id]));
    setSelectedId((current) => (current === id ? (drafts.find((draft) => draft.id !== id)?.id ?? null) : current));
  }

  /** Marks the filter removed; it can be restored for 5000 ms, then it leaves the list. */
  function removeFilter(id: string): void {
    setPendingRemovals((current) => new Set(current).add(id));
    removalTimers.current.set(
      id,
      window.setTimeout(() => dropFilter(id), filterRemovalUndoMs),
    );
    setRangeError(null);
    setProblem(null);
  }

  function updateDraft(next: NativeFilter): void {
    setDrafts((current) => current.map((draft) => (draft.id === next.id ? next : draft)));
    setRangeError(null);
  }

  async function save(): Promise<void> {
    const kept = drafts.filter((draft) => !pendingRemovals.has(draft.id));
    const removed = [...deletedIds, ...drafts.filter((draft) => pendingRemovals.has(draft.id) && filters.some((filter) => filter.id === draft.id)).map((draft) => draft.id)];
    for (const draft of kept) {
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
      const inCycle = rules.filtersInCascadeCycle(parentsByFilter(kept));
      if (inCycle.length > 0) {
        setCycleIds(inCycle);
        setSelectedId(inCycle[0] ?? null);
        setProblem(cyclicHierarchyMessage);
        return;
      }
      const chartIds = charts.map((chart) => chart.id);
      const saved: NativeFilter[] = [];
      for (const draft of kept) {
        try {
          saved.push(savedFilter(rules, draft, layout, chartIds));
        } catch (error: unknown) {
          setSelectedId(draft.id);
          setRangeError(errorMessage(error));
          return;
        }
      }
      await saveNativeFilters(dashboardId, { modified: saved, deleted: removed, reordered: saved.map((filter) => filter.id) });
      onSaved(saved, removed);
    } catch (error: unknown) {
      // The save failed (Superset's failure action): the modal stays open with every draft as it
      // was, and the failure shows in the modal and as a toast.
      const message = errorMessage(error);
      setProblem(message);
      addToast('danger', message);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Modal
      title={filterConfigTitle} width={wideModalWidthPx}
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
          {drafts.map((draft) => {
            const isRemoved = pendingRemovals.has(draft.id);
            return (
              <ListItem
                key={draft.id}
                data-testid={testIds.dashboardFilters.configListItem}
                data-filter-id={draft.id}
                data-removed={isRemoved ? 'true' : undefined}
                aria-current={draft.id === selectedId}
              >
                <ItemButton type="button" $isRemoved={isRemoved} onClick={() => setSelectedId(draft.id)}>
                  {draftLabel(draft) === '' ? unnamedFilterLabel : draftLabel(draft)}
                  {isRemoved && ' (Removed)'}
                </ItemButton>
                {isRemoved ? (
                  <Button $variant="link" data-testid={testIds.dashboardFilters.restoreFilterButton} onClick={() => forgetPendingRemoval(draft.id)}>
                    Undo?
                  </Button>
                ) : (
                  <Button $variant="link" aria-label={`Remove ${draftLabel(draft)}`} data-testid={testIds.dashboardFilters.removeFilterButton} onClick={() => removeFilter(draft.id)}>
                    ×
                  </Button>
                )}
              </ListItem>
            );
          })}
          <Button $variant="secondary" data-testid={testIds.dashboardFilters.addFilterButton} onClick={() => addDraft(newFilterDraft())}>
            + Add filter
          </Button>
          <Button $variant="secondary" data-testid={testIds.dashboardFilters.addDividerButton} onClick={() => addDraft(newDividerDraft())}>
            + Add divider
          </Button>
        </List>
        {selected !== null && pendingRemovals.has(selected.id) && (
          <Removed data-testid={testIds.dashboardFilters.removedNotice}>
            {removedFilterMessage}
            <Button $variant="secondary" onClick={() => forgetPendingRemoval(selected.id)}>
              {restoreFilterLabel}
            </Button>
          </Removed>
        )}
        {selected !== null && !pendingRemovals.has(selected.id) && isDivider(selected) && <DividerConfigForm divider={selected} onChange={updateDraft} />}
        {selected !== null && !pendingRemovals.has(selected.id) && !isDivider(selected) && (
          <FilterConfigForm
            draft={selected}
            datasets={datasets.data ?? []}
            charts={charts}
            otherFilters={keptDrafts.filter((draft) => draft.id !== selected.id)}
            idOrSlug={idOrSlug}
            rangeError={rangeError}
            cascadeError={cycleIds.includes(selected.id) ? cyclicHierarchyMessage : null}
            onChange={updateDraft}
          />
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

const ItemButton = styled.button<{ $isRemoved: boolean }>`
  flex: 1;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 0;
  background: none;
  color: ${({ $isRemoved, theme }) => ($isRemoved ? theme.colors.textMuted : 'inherit')};
  text-decoration: ${({ $isRemoved }) => ($isRemoved ? 'line-through' : 'none')};
  text-align: left;
  cursor: pointer;
`;

const Removed = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
  padding: ${({ theme }) => theme.gridUnit * 4}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Problem = styled.p`
  margin: ${({ theme }) => theme.gridUnit * 3}px 0 0;
  color: ${({ theme }) => theme.colors.error.base};
`;
