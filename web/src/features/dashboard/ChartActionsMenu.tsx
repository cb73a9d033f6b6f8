import { useCallback, useRef, useState, type JSX, type RefObject } from 'react';
import { errorMessage } from '@/api/errors';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { FormData } from '@/api/generated/FormData';
import {
  DropdownMenuAnchor,
  DropdownMenuButton,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLink,
  DropdownMenuList,
} from '@/components/DropdownMenu';
import { copyWithToast } from '@/components/copyWithToast';
import { useToasts } from '@/components/toastContext';
import { useCloseOnOutside } from '@/components/useCloseOnOutside';
import { drillToDetailLabel } from '@/features/chart/drillToDetail/ChartContextMenu';
import { ViewQueryModal } from '@/features/chart/ViewQueryModal';
import { copyExplorePermalink } from '@/features/explore/copyExplorePermalink';
import { chartEmailHref, openLink, shareByEmailLabel, shareFailedMessage } from '@/features/explore/share/shareChartByEmail';
import { dashboardPageIdParam, storeDashboardExploreContext } from '@/features/explore/dashboardExploreContext';
import {
  canExportCsv,
  chartExportExtension,
  chartExportKinds,
  chartExportLabels,
  rolesGrant,
  type ChartExportKind,
} from '@/features/explore/download/chartExport';
import { downloadAsImageLabel, excludedFromImage, useDownloadAsImage } from '@/features/explore/download/downloadAsImage';
import { saveBlob } from '@/features/explore/download/saveBlob';
import { testIds } from '@/testIds';
import { exportDashboardChart, fetchDashboardChartQuery, useMyRoles } from './api';
import { withDashboardColors, type AppliedDashboardColors } from './dashboardColors';
import { useDashboardGrid } from './dashboardGridContext';
import { crossFilteringScopingLabel } from './filters/crossFilterScoping';

/**
 * The Explore page of a saved chart; from a dashboard page, with its `dashboard_page_id` (Explore
 * then applies the dashboard's context stored under it).
 */
export function exploreChartPath(chart: DashboardChart, dashboardPageId?: string): string {
  const [datasourceId = '', datasourceType = 'table'] = chart.form_data.datasource.split('__');
  const query = new URLSearchParams({ datasource_type: datasourceType, datasource_id: datasourceId, slice_id: String(chart.id) });
  if (dashboardPageId !== undefined) query.set(dashboardPageIdParam, dashboardPageId);
  return `/explore/?${query.toString()}`;
}

/**
 * What the dashboard lays over a chart in Explore: the filters it applies (`extra_form_data`) and
 * the dashboard's colour scheme and label colours.
 * Example: `{extra_form_data: {filters: [{col: 'gender', op: 'IN', val: ['boy']}]}, color_scheme: 'bnbColors'}`.
 */
export function dashboardContextOverrides(formData: FormData, colors: AppliedDashboardColors | undefined): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  const extraFormData = (formData as Record<string, unknown>).extra_form_data;
  if (extraFormData !== undefined) overrides.extra_form_data = extraFormData;
  if (colors === undefined) return overrides;
  const colored = withDashboardColors(formData, colors) as Record<string, unknown>;
  if (colors.colorScheme !== null) overrides.color_scheme = colored.color_scheme;
  if (Object.keys(colors.labelColors).length > 0) overrides.label_colors = colored.label_colors;
  return overrides;
}

export const viewQueryLabel = 'View query';
export const viewAsTableLabel = 'View as table';
export const copyPermalinkLabel = 'Copy permalink to clipboard';
export const enterFullscreenLabel = 'Enter fullscreen';
export const exitFullscreenLabel = 'Exit fullscreen';
export const toggleDescriptionLabel = 'Toggle chart description';
export const forceRefreshLabel = 'Force refresh';
export const exploreChartLabel = 'Explore chart';
export const setFilterMappingLabel = 'Set filter mapping';
/** Superset's toast after "Force refresh". */
export const dataRefreshedMessage = 'Data refreshed';

/** Whether the chart has a description to show ("Toggle chart description" is offered). */
export function hasChartDescription(chart: DashboardChart): boolean {
  return (chart.description ?? '').trim() !== '';
}

export interface ChartActionsMenuProps {
  chart: DashboardChart;
  /** The chart's layout component (`CHART-...`): the anchor of its dashboard permalink. */
  componentId?: string;
  /** The chart's form data with the dashboard filters it applies: exports, View query and Share use it. */
  formData: FormData;
  onForceRefresh: () => void;
  /** Whether the chart fills the window: the fullscreen item says "Exit fullscreen". */
  isFullSize: boolean;
  /** "Enter fullscreen" / "Exit fullscreen". */
  onToggleFullSize: () => void;
  /** "Toggle chart description": offered when the chart has a description. */
  onToggleDescription: () => void;
  /** The chart holder (title and chart) that "Download as image" draws; the menu leaves itself out. */
  imageElementRef: RefObject<HTMLElement | null>;
  /** "Drill to detail": the chart's underlying rows. */
  onDrillToDetail: () => void;
  /** "View as table": the chart's results in a grid. */
  onViewAsTable: () => void;
}

/**
 * The "More Options" menu of a dashboard chart, in Superset's order: force refresh ('Data
 * refreshed'), enter or exit fullscreen, toggle chart description (when the chart has one),
 * explore chart (with the dashboard's filters and colours; `can_explore` on `Superset`), cross-filtering scoping (editors,
 * with cross-filters on), set filter mapping (editors, with native filters),
 * View query (the SQL with the dashboard's filters), View as table, drill to detail, Share (with
 * `can_share_chart` on `Superset`) > copy permalink and share by email (the dashboard's permalink with its filters and tabs, anchored at
 * the chart), Download > for `can_csv` users the exports
 * of the viz type (.CSV, .JSON, Excel; pivoted CSV for pivot tables; full .CSV and full Excel for
 * table charts), then the image.
 */
export function ChartActionsMenu({
  chart,
  componentId,
  formData,
  onForceRefresh,
  isFullSize,
  onToggleFullSize,
  onToggleDescription,
  imageElementRef,
  onDrillToDetail,
  onViewAsTable,
}: ChartActionsMenuProps): JSX.Element {
  const {
    dashboardId,
    dashboardPageId,
    onCrossFilterScoping = null,
    onFilterMapping = null,
    dashboardColors,
    onCreatePermalink = null,
  } = useDashboardGrid();
  const { addToast } = useToasts();
  const downloadAsImage = useDownloadAsImage();
  const roles = useMyRoles();
  const canCsv = canExportCsv(roles.data);
  const exportKinds = canCsv ? chartExportKinds(chart.form_data.viz_type, canCsv) : [];
  // Superset's `supersetCanExplore` and `supersetCanShare` (spec 001 §6); false while the roles load.
  const canExplore = rolesGrant(roles.data, 'can_explore', 'Superset');
  const canShareChart = rolesGrant(roles.data, 'can_share_chart', 'Superset');
  const [isOpen, setIsOpen] = useState(false);
  // The SQL of the open "View query" dialog; null when closed.
  const [querySql, setQuerySql] = useState<string | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setIsOpen(false), []);

  useCloseOnOutside(menuRef, isOpen, closeMenu);

  function choose(action: () => void): void {
    setIsOpen(false);
    action();
  }

  function exportChart(kind: ChartExportKind): void {
    void exportDashboardChart(formData, { dashboardId, force: false }, kind).then(
      (blob) => saveBlob(blob, `${chart.slice_name}.${chartExportExtension(kind)}`),
      (error: unknown) => addToast('danger', errorMessage(error)),
    );
  }

  function viewQuery(): void {
    void fetchDashboardChartQuery(formData, { dashboardId, force: false }).then(setQuerySql, (error: unknown) =>
      addToast('danger', errorMessage(error)),
    );
  }

  function forceRefresh(): void {
    onForceRefresh();
    addToast('success', dataRefreshedMessage);
  }

  /** Before Explore opens (click, middle or Ctrl click), the dashboard's context is stored for it. */
  function storeExploreContext(): void {
    if (dashboardPageId === undefined) return;
    storeDashboardExploreContext(dashboardPageId, dashboardId, chart.id, dashboardContextOverrides(formData, dashboardColors));
  }

  /**
   * Share > "Copy permalink to clipboard": Superset's dashboard permalink (filters, open tabs and
   * the chart's anchor), else, outside a dashboard page, an Explore permalink of the chart.
   */
  async function copyPermalink(): Promise<void> {
    if (onCreatePermalink === null) {
      await copyExplorePermalink(formData, addToast);
      return;
    }
    let url: string;
    try {
      url = (await onCreatePermalink(componentId)).url;
    } catch (error) {
      addToast('danger', errorMessage(error));
      return;
    }
    await copyWithToast(url, addToast);
  }

  /** Share > "Share chart by email": a mail with the chart's dashboard permalink. */
  async function shareByEmail(): Promise<void> {
    if (onCreatePermalink === null) return;
    try {
      const { url } = await onCreatePermalink(componentId);
      openLink(chartEmailHref(url));
    } catch (error) {
      console.warn('chart permalink could not be created', error);
      addToast('danger', shareFailedMessage);
    }
  }

  function downloadImage(): void {
    void downloadAsImage({ element: imageElementRef.current, title: chart.slice_name, fallbackName: 'chart' });
  }

  return (
    <DropdownMenuAnchor ref={menuRef} {...excludedFromImage}>
      <DropdownMenuButton
        aria-label="More Options"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        data-testid={testIds.dashboard.chartMenuButton}
        onClick={() => setIsOpen((open) => !open)}
      >
        ⋮
      </DropdownMenuButton>
      {isOpen && (
        <DropdownMenuList role="menu" data-testid={testIds.dashboard.chartMenu}>
          <DropdownMenuItem data-testid={testIds.dashboard.chartMenuForceRefresh} onClick={() => choose(forceRefresh)}>
            {forceRefreshLabel}
          </DropdownMenuItem>
          <DropdownMenuItem data-testid={testIds.dashboard.chartMenuFullscreen} onClick={() => choose(onToggleFullSize)}>
            {isFullSize ? exitFullscreenLabel : enterFullscreenLabel}
          </DropdownMenuItem>
          {hasChartDescription(chart) && (
            <DropdownMenuItem data-testid={testIds.dashboard.chartMenuToggleDescription} onClick={() => choose(onToggleDescription)}>
              {toggleDescriptionLabel}
            </DropdownMenuItem>
          )}
          {canExplore && (
            <DropdownMenuLink
              data-testid={testIds.dashboard.chartMenuExploreChart}
              href={exploreChartPath(chart, dashboardPageId)}
              onClick={storeExploreContext}
              onAuxClick={storeExploreContext}
            >
              {exploreChartLabel}
            </DropdownMenuLink>
          )}
          {onCrossFilterScoping !== null && (
            <DropdownMenuItem data-testid={testIds.dashboard.chartMenuCrossFilterScoping} onClick={() => choose(() => onCrossFilterScoping(chart.id))}>
              {crossFilteringScopingLabel}
            </DropdownMenuItem>
          )}
          {onFilterMapping !== null && (
            <DropdownMenuItem data-testid={testIds.dashboard.chartMenuFilterMapping} onClick={() => choose(() => onFilterMapping(chart.id))}>
              {setFilterMappingLabel}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem data-testid={testIds.dashboard.chartMenuViewQuery} onClick={() => choose(viewQuery)}>
            {viewQueryLabel}
          </DropdownMenuItem>
          <DropdownMenuItem data-testid={testIds.dashboard.chartMenuViewAsTable} onClick={() => choose(onViewAsTable)}>
            {viewAsTableLabel}
          </DropdownMenuItem>
          <DropdownMenuItem data-testid={testIds.dashboard.chartMenuDrillToDetail} onClick={() => choose(onDrillToDetail)}>
            {drillToDetailLabel}
          </DropdownMenuItem>
          {canShareChart && (
            <>
              <DropdownMenuGroup>Share</DropdownMenuGroup>
              <DropdownMenuItem data-testid={testIds.dashboard.chartMenuCopyPermalink} onClick={() => choose(() => void copyPermalink())}>
                {copyPermalinkLabel}
              </DropdownMenuItem>
              {onCreatePermalink !== null && (
                <DropdownMenuItem data-testid={testIds.dashboard.chartMenuShareByEmail} onClick={() => choose(() => void shareByEmail())}>
                  {shareByEmailLabel}
                </DropdownMenuItem>
              )}
            </>
          )}
          <DropdownMenuGroup>Download</DropdownMenuGroup>
          {exportKinds.map((kind) => (
            <DropdownMenuItem key={kind} data-testid={testIds.dashboard.chartMenuItem} data-export={kind} onClick={() => choose(() => exportChart(kind))}>
              {chartExportLabels[kind]}
            </DropdownMenuItem>
          ))}
          <DropdownMenuItem data-testid={testIds.dashboard.chartMenuDownloadImage} onClick={() => choose(downloadImage)}>
            {downloadAsImageLabel}
          </DropdownMenuItem>
        </DropdownMenuList>
      )}
      {querySql !== null && <ViewQueryModal sql={querySql} datasource={chart.form_data.datasource} onClose={() => setQuerySql(null)} />}
    </DropdownMenuAnchor>
  );
}
