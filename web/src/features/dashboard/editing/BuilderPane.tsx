import { useDeferredValue, useMemo, useState, type ChangeEvent, type DragEvent, type JSX } from 'react';
import styled from 'styled-components';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import { useErrorToast } from '@/components/listView/useListErrorToasts';
import { useCurrentUser } from '@/features/auth/api';
import { testIds } from '@/testIds';
import type { ComponentType, DashboardLayout } from '../dashboardLayout';
import { endDrag, startDrag, type DragPayload } from './dragAndDrop';
import {
  dashboardChartFromListItem,
  defaultSliceAdderSort,
  fetchChartsFailedText,
  fetchChartsFailedToastPrefix,
  readShowOnlyMyCharts,
  sliceAdderSorts,
  useSliceAdderCharts,
  writeShowOnlyMyCharts,
  type SliceAdderSort,
} from './sliceAdder';

/** Superset's hint beside "Show only my charts". */
export const showOnlyMyChartsHint =
  'You can choose to display all charts that you have access to or only the ones you own.\nYour filter selection will be saved and remain active until you choose to change it.';

/** Superset's text of a new markdown component. */
export const newMarkdownText = '# ✨Header 1\n\nClick here to learn more about [markdown formatting](https://bit.ly/1dQOfRK)';

const layoutElements: { type: ComponentType; label: string; meta?: Record<string, unknown> }[] = [
  { type: 'TABS', label: 'Tabs' },
  { type: 'ROW', label: 'Row' },
  { type: 'COLUMN', label: 'Column' },
  { type: 'HEADER', label: 'Header' },
  { type: 'MARKDOWN', label: 'Text / Markdown', meta: { code: newMarkdownText, width: 4, height: 50 } },
  { type: 'DIVIDER', label: 'Divider' },
];

interface DraggableProps {
  draggable: boolean;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
}

export interface BuilderPaneProps {
  layout: DashboardLayout;
  dashboardId: number;
  /** Called when a chart starts being dragged from the pane: the grid can paint it once dropped. */
  onPickChart: (chart: DashboardChart) => void;
}

/**
 * Edit mode's pane: layout elements, and the charts the user can read (the chart list call,
 * searched on the server, sorted by recent by default, only the user's own while "Show only my
 * charts" is on) to drag into the grid. A failed list shows the error in the pane and a toast.
 */
export function BuilderPane({ layout, dashboardId, onPickChart }: BuilderPaneProps): JSX.Element {
  const [tab, setTab] = useState<'charts' | 'elements'>('charts');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SliceAdderSort>(defaultSliceAdderSort);
  const [showOnlyMine, setShowOnlyMine] = useState(() => readShowOnlyMyCharts(window.localStorage));
  const deferredSearch = useDeferredValue(search);
  const currentUserId = useCurrentUser().data?.id ?? null;
  const list = useSliceAdderCharts({ search: deferredSearch, sort, ownerId: showOnlyMine ? currentUserId : null }, !showOnlyMine || currentUserId !== null);
  useErrorToast(list.error, list.error === null ? null : fetchChartsFailedToastPrefix + list.error.message);
  const placed = useMemo(
    () => new Set(Object.values(layout).flatMap((component) => (component.type === 'CHART' && component.meta.chartId !== undefined ? [component.meta.chartId] : []))),
    [layout],
  );
  const shownCharts = list.data?.result ?? [];

  function onShowOnlyMineChange(event: ChangeEvent<HTMLInputElement>): void {
    setShowOnlyMine(event.target.checked);
    writeShowOnlyMyCharts(window.localStorage, event.target.checked);
  }

  function draggable(payload: DragPayload, isDisabled = false, onStart?: () => void): DraggableProps {
    return {
      draggable: !isDisabled,
      onDragStart: (event: DragEvent) => {
        onStart?.();
        startDrag(event, payload);
      },
      onDragEnd: endDrag,
    };
  }

  return (
    <Pane data-testid={testIds.dashboardEdit.pane} aria-label="Dashboard builder">
      <PaneTabs role="tablist">
        <PaneTab role="tab" aria-selected={tab === 'charts'} $isActive={tab === 'charts'} onClick={() => setTab('charts')}>
          Charts
        </PaneTab>
        <PaneTab role="tab" aria-selected={tab === 'elements'} $isActive={tab === 'elements'} onClick={() => setTab('elements')}>
          Layout elements
        </PaneTab>
      </PaneTabs>
      {tab === 'charts' ? (
        <>
          <Search
            placeholder={showOnlyMine ? 'Filter your charts' : 'Filter charts'}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-label={showOnlyMine ? 'Filter your charts' : 'Filter charts'}
          />
          <SortSelect aria-label="Sort charts" data-testid={testIds.dashboardEdit.paneSort} value={sort} onChange={(event) => setSort(event.target.value as SliceAdderSort)}>
            {sliceAdderSorts.map((option) => (
              <option key={option.key} value={option.key}>{`Sort by ${option.label}`}</option>
            ))}
          </SortSelect>
          <ShowOnlyMine title={showOnlyMyChartsHint}>
            <input type="checkbox" data-testid={testIds.dashboardEdit.paneShowOnlyMine} checked={showOnlyMine} onChange={onShowOnlyMineChange} />
            Show only my charts
          </ShowOnlyMine>
          {list.isError && <Muted role="alert">{fetchChartsFailedText(list.error)}</Muted>}
          {list.isPending && <Muted>Loading…</Muted>}
          {list.data !== undefined && shownCharts.length === 0 && <Muted>No charts</Muted>}
          {shownCharts.map((item) => {
            const isPlaced = placed.has(item.id);
            return (
              <PaneItem
                key={item.id}
                $isDisabled={isPlaced}
                data-testid={testIds.dashboardEdit.paneChart}
                data-chart-id={item.id}
                {...draggable(
                  { kind: 'new', type: 'CHART', meta: { chartId: item.id, sliceName: item.slice_name, width: 4, height: 50 } },
                  isPlaced,
                  () => onPickChart(dashboardChartFromListItem(item, dashboardId)),
                )}
              >
                <ChartName>
                  {item.slice_name}
                  <Detail>{`${item.viz_type} · ${item.changed_on_delta_humanized}`}</Detail>
                </ChartName>
                {isPlaced && <Added>Added</Added>}
              </PaneItem>
            );
          })}
        </>
      ) : (
        layoutElements.map((element) => (
          <PaneItem key={element.type} $isDisabled={false} data-testid={testIds.dashboardEdit.paneElement} {...draggable({ kind: 'new', type: element.type, meta: element.meta })}>
            {element.label}
          </PaneItem>
        ))
      )}
    </Pane>
  );
}

const Pane = styled.aside`
  position: sticky;
  top: 0;
  max-height: 100vh;
  display: flex;
  flex: none;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  width: 280px;
  padding: ${({ theme }) => theme.gridUnit * 4}px;
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  overflow: auto;
`;

const PaneTabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const PaneTab = styled.button.attrs({ type: 'button' })<{ $isActive: boolean }>`
  padding: ${({ theme }) => theme.gridUnit * 2}px 0;
  border: 0;
  border-bottom: 2px solid ${({ $isActive, theme }) => ($isActive ? theme.colors.primary.base : 'transparent')};
  background: none;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

const Search = styled.input`
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const PaneItem = styled.div<{ $isDisabled: boolean }>`
  display: flex;
  justify-content: space-between;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  cursor: ${({ $isDisabled }) => ($isDisabled ? 'not-allowed' : 'grab')};
  opacity: ${({ $isDisabled }) => ($isDisabled ? 0.6 : 1)};
`;

const Added = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const SortSelect = styled.select`
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const ChartName = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Detail = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const ShowOnlyMine = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  color: ${({ theme }) => theme.colors.text};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
