import type { UseQueryResult } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type JSX, type MouseEvent, type RefObject } from 'react';
import styled, { keyframes, useTheme } from 'styled-components';
import type { ChartDataArrowResult } from '@/api/chartData';
import type { FormData } from '@/api/generated/FormData';
import type { UserRef } from '@/api/generated/UserRef';
import { displayNameOf } from '@/api/userNames';
import { Button } from '@/components/Button';
import { CommittedSignal } from '@/components/CommittedSignal';
import { errorDisplayOfResult, type ErrorDisplay } from '@/components/errorMessage/errorDisplay';
import { ErrorMessage } from '@/components/errorMessage/ErrorMessage';
import type { ErrorSource } from '@/components/errorMessage/errorSource';
import { RenderErrorBoundary } from '@/components/errorMessage/RenderErrorBoundary';
import { testIds } from '@/testIds';
import { annotationWarnings, useAnnotationLayerStates } from './annotations/useAnnotationLayerStates';
import { chartErrorDisplay } from './api';
import { readChartColumns } from './chartColumns';
import { stoppedMessage } from './chartLifecycle';
import { chartUpdateOf, failedResultOf, useChartLifecycle } from './useChartLifecycle';
import { rowCountText } from './rowCountText';
import { useElementSize } from './useElementSize';
import { noResultsMessage } from './viz/ChartEmptyState';
import { ChartContextMenu } from './drillToDetail/ChartContextMenu';
import type { ChartContextMenuTarget, ChartFormData, ChartQueryData, ChartRendererProps, CrossFilterSelection, DrillValue } from './viz/chartRendererProps';
import { vizDefinition } from './viz/vizRegistry';
import { reaggregatedLabel, reaggregatedTitle } from './reaggregation';
import { ViewQueryModal } from './ViewQueryModal';

export { noResultsMessage };
export const staleTitle = 'The controls changed: click "Update chart" to run the query again.';
export const idleMessage = 'Add dimensions or metrics, then click "Update chart".';

export interface ChartPanelProps {
  chartData: UseQueryResult<ChartDataArrowResult[]>;
  hasRun: boolean;
  /** The controls changed since the run shown: the chart waits for "Update chart". */
  isStale?: boolean;
  /** The user stopped the run: its request was aborted, nothing failed. */
  isStopped?: boolean;
  /** The run was answered in the browser from the previous result (no request): a badge says so. */
  isComputedLocally?: boolean;
  /** The form data of the run shown: its `viz_type` picks the renderer. */
  formData?: FormData | null;
  /** On a dashboard with cross-filters: emits the chart's clicked selection. */
  onCrossFilter?: (selection: CrossFilterSelection | null) => void;
  crossFilterValues?: readonly unknown[];
  /** Told the chart's element, without the toolbar (Explore's "Download as image" draws it). */
  chartRef?: RefObject<HTMLDivElement | null>;
  /**
   * Turns on the right-click menu of the drawn chart: told the values chosen in it ("Drill to
   * detail by state = CA"), or none for "Drill to detail".
   */
  onDrillToDetail?: (drillValues: DrillValue[]) => void;
  /** Where the chart stands: error displays name the owners to contact in Explore and on dashboards. */
  errorSource?: ErrorSource;
  /** The saved chart's owners (none for an unsaved chart). */
  owners?: readonly UserRef[];
  /** The saved chart's id in its lifecycle events; 0 (the default) for an unsaved chart. */
  chartId?: number;
  /** Names the run shown: a new value is a query triggered (spec 000 §4). */
  runKey?: string | number;
  /** The chart's own state changed (a server-paginated table's page): run it again with it. */
  onOwnStateChange?: (ownState: Record<string, unknown>) => void;
}

/** The form data of a panel shown without any (one object, so the drawn chart need not redraw). */
const noFormData: ChartFormData = { datasource: '', viz_type: 'table' };
const noQueryData: ChartQueryData = { columns: [], rowCount: 0 };

/**
 * The viz renderer, drawn again only when one of its props changes: the panel re-renders as the
 * chart's lifecycle status moves (success, then rendered) and a dashboard has 30 of them, so
 * redrawing each chart for nothing cost about as much as drawing it (docs/performance.md §4).
 */
const MemoizedRenderer = memo(function MemoizedRenderer({
  Renderer,
  ...rendererProps
}: ChartRendererProps & { Renderer: ComponentType<ChartRendererProps> }): JSX.Element {
  return <Renderer {...rendererProps} />;
});

/**
 * How long a chart shows "Loading…" before its spinner turns. A turning spinner makes the browser
 * draw a new frame 60 times a second; with 30 charts loading on a dashboard that drawing took as
 * much CPU as everything else of the load in headless Chromium (docs/performance.md §4), and a
 * load shorter than this needs no animation.
 */
export const spinnerDelayMs = 500;

/** "Loading…", with the spinner once the load has lasted `spinnerDelayMs`. */
function LoadingNotice(): JSX.Element {
  const [isSpinnerShown, setIsSpinnerShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setIsSpinnerShown(true), spinnerDelayMs);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Notice data-testid={testIds.chart.loading} role="status">
      {isSpinnerShown && <Spinner aria-hidden data-testid={testIds.chart.loadingSpinner} />}
      Loading…
    </Notice>
  );
}

function ownerNameOf(owner: UserRef): string {
  return displayNameOf(owner);
}

/** The chart area: loading, error, empty or the chart, with the row count and "View query". */
export function ChartPanel({
  chartData,
  hasRun,
  isStale = false,
  isStopped = false,
  isComputedLocally = false,
  formData = null,
  onCrossFilter,
  crossFilterValues,
  chartRef,
  onDrillToDetail,
  errorSource = 'explore',
  owners,
  chartId = 0,
  runKey,
  onOwnStateChange,
}: ChartPanelProps): JSX.Element {
  const [isQueryVisible, setIsQueryVisible] = useState(false);
  const [contextMenu, setContextMenu] = useState<ChartContextMenuTarget | null>(null);
  const closeContextMenu = useCallback(() => setContextMenu(null), []);
  const theme = useTheme();
  const ownBodyRef = useRef<HTMLDivElement>(null);
  const bodyRef = chartRef ?? ownBodyRef;
  const bodySize = useElementSize(bodyRef);
  // A re-query of the chart's own state (a server page, sort or search) keeps the shown results
  // drawn while it loads (`placeholderData`): the table stays mounted and its search box keeps
  // the focus.
  const isKeptWhileLoading = chartData.isPlaceholderData;
  const results = chartData.isFetching && !isKeptWhileLoading ? undefined : chartData.data;
  const result = results?.[0];
  const queriesData = useMemo<ChartQueryData[]>(
    () => (results ?? []).map((queryResult) => ({ columns: readChartColumns(queryResult), rowCount: queryResult.table.numRows })),
    [results],
  );
  const failedResult = failedResultOf(results);
  const resultError = failedResult?.meta.error ?? null;
  const ownerNames = useMemo(() => (owners ?? []).map(ownerNameOf), [owners]);
  const chartFormData: ChartFormData = formData ?? noFormData;
  const viz = vizDefinition(chartFormData.viz_type);
  const lifecycle = useChartLifecycle({
    chartId,
    source: errorSource === 'dashboard' ? 'dashboard' : 'explore',
    runKey,
    update: chartUpdateOf(chartData, hasRun, isStopped),
    drawnFormDataText: JSON.stringify(formData),
  });
  const annotationLayers = useAnnotationLayerStates(formData, resultError === null ? results : undefined, lifecycle.reportAnnotationQuery);
  const warnings = annotationWarnings(annotationLayers);
  const isLoading = (chartData.isFetching || chartData.isPending) && !isKeptWhileLoading;
  const isChartDrawn = hasRun && !isStopped && !isLoading && result !== undefined && resultError === null;
  const onMarkContextMenu = onDrillToDetail === undefined ? undefined : setContextMenu;

  /** A right-click on the drawn chart that no mark took: the menu without values. */
  function openContextMenu(event: MouseEvent): void {
    if (onDrillToDetail === undefined || !isChartDrawn || event.defaultPrevented) return;
    event.preventDefault();
    setContextMenu({ clientX: event.clientX, clientY: event.clientY, drillValues: [] });
  }

  function renderBody(): JSX.Element {
    if (!hasRun) return <Notice data-testid={testIds.chart.idle}>{idleMessage}</Notice>;
    if (isStopped) {
      return (
        <Notice data-testid={testIds.chartRun.stopped} role="status">
          {stoppedMessage}
        </Notice>
      );
    }
    if (isLoading) return <LoadingNotice />;
    if (chartData.isError) return renderError(chartErrorDisplay(chartData.error));
    if (result === undefined) return <Notice data-testid={testIds.chart.empty}>{noResultsMessage}</Notice>;
    if (failedResult !== undefined && resultError !== null) {
      return renderError(errorDisplayOfResult(resultError, failedResult.meta.errors, failedResult.meta.stacktrace));
    }
    const isEveryResultEmpty = results?.every((queryResult) => queryResult.meta.rowcount === 0) ?? true;
    if (isEveryResultEmpty) return <Notice data-testid={testIds.chart.empty}>{noResultsMessage}</Notice>;
    const rendererProps: ChartRendererProps = {
      data: queriesData[0] ?? noQueryData,
      queriesData,
      formData: chartFormData,
      width: bodySize.width,
      height: bodySize.height,
      theme,
      onCrossFilter,
      crossFilterValues,
      annotationLayers,
      onMarkContextMenu,
      onOwnStateChange,
    };
    const isSized = bodySize.width > 0 && bodySize.height > 0;
    if (viz.isFixedSize && !isSized) return <></>;
    return (
      <RenderErrorBoundary resetKey={results} errorTestId={testIds.chart.error} onError={lifecycle.onRenderFailed}>
        <MemoizedRenderer Renderer={viz.Renderer} {...rendererProps} />
        <CommittedSignal commitKey={results} onCommitted={lifecycle.onRendered} />
      </RenderErrorBoundary>
    );
  }

  function renderError(display: ErrorDisplay): JSX.Element {
    return (
      <ErrorArea data-testid={testIds.chart.error}>
        <ErrorMessage display={display} source={errorSource} ownerNames={ownerNames} />
      </ErrorArea>
    );
  }

  return (
    <Panel data-testid={testIds.chart.panel} aria-label="Chart" data-chart-status={lifecycle.status ?? undefined}>
      <Toolbar>
        {result !== undefined && resultError === null && (
          <RowCount data-testid={testIds.chart.rowCount}>{rowCountText(result.meta.rowcount)}</RowCount>
        )}
        {isComputedLocally && result !== undefined && (
          <LocalBadge data-testid={testIds.chart.computedLocally} role="status" title={reaggregatedTitle}>
            {reaggregatedLabel}
          </LocalBadge>
        )}
        {warnings.length > 0 && result !== undefined && (
          <AnnotationWarning data-testid={testIds.chart.annotationWarning} role="status" title={warnings.join('\n')}>
            ⚠ {warnings.length === 1 ? warnings[0] : `${warnings.length} annotation layers failed`}
          </AnnotationWarning>
        )}
        {isKeptWhileLoading && chartData.isFetching && (
          <RefreshingBadge data-testid={testIds.chart.refreshing} role="status">
            Loading…
          </RefreshingBadge>
        )}
        {isStale && (
          <StaleBadge data-testid={testIds.chart.stale} role="status" title={staleTitle}>
            Stale
          </StaleBadge>
        )}
        <Spacer />
        <Button
          $variant="secondary"
          disabled={result === undefined}
          data-testid={testIds.chart.viewQueryButton}
          onClick={() => setIsQueryVisible(true)}
        >
          View query
        </Button>
      </Toolbar>
      <Body ref={bodyRef} data-viz-type={viz.vizType} onContextMenu={openContextMenu}>
        {renderBody()}
      </Body>
      {contextMenu !== null && onDrillToDetail !== undefined && (
        <ChartContextMenu target={contextMenu} onDrillToDetail={onDrillToDetail} onClose={closeContextMenu} />
      )}
      {isQueryVisible && result !== undefined && (
        <ViewQueryModal sql={result.meta.query} datasource={chartFormData.datasource} onClose={() => setIsQueryVisible(false)} />
      )}
    </Panel>
  );
}

const Panel = styled.section`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;
  min-height: 0;
  padding: ${({ theme }) => theme.gridUnit * 4}px;
  background: ${({ theme }) => theme.colors.surface};
`;

const Toolbar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-height: 32px;
  margin-bottom: ${({ theme }) => theme.gridUnit * 2}px;
`;

const RowCount = styled.span`
  padding: 2px ${({ theme }) => theme.gridUnit * 2}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const StaleBadge = styled.span`
  padding: 2px ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.warning.base};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => (theme.algorithm === 'dark' ? theme.colors.surfaceMuted : theme.colors.warning.light[3])};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const AnnotationWarning = styled.span`
  max-width: 50%;
  overflow: hidden;
  padding: 2px ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.warning.base};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const LocalBadge = styled.span`
  padding: 2px ${({ theme }) => theme.gridUnit * 2}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
  font-style: italic;
`;

const RefreshingBadge = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

const Spacer = styled.div`
  flex: 1;
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;
  overflow: hidden;
`;

const Notice = styled.div`
  display: flex;
  flex: 1;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Spinner = styled.span`
  width: 18px;
  height: 18px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary.base};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

/** The error display sits at the top of the chart's area and scrolls when its details are long. */
const ErrorArea = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
`;
