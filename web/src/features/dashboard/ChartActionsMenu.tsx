import { useCallback, useRef, useState, type JSX, type RefObject } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { FormData } from '@/api/generated/FormData';
import { useToasts } from '@/components/toastContext';
import { useCloseOnOutside } from '@/components/useCloseOnOutside';
import { drillToDetailLabel } from '@/features/chart/drillToDetail/ChartContextMenu';
import { ViewQueryModal } from '@/features/chart/ViewQueryModal';
import { copyExplorePermalink } from '@/features/explore/copyExplorePermalink';
import { canExportCsv, chartExportExtension, chartExportKinds, chartExportLabels, type ChartExportKind } from '@/features/explore/download/chartExport';
import { downloadAsImageLabel, excludedFromImage, useDownloadAsImage } from '@/features/explore/download/downloadAsImage';
import { saveBlob } from '@/features/explore/download/saveBlob';
import { testIds } from '@/testIds';
import { exportDashboardChart, fetchDashboardChartQuery, useMyRoles } from './api';
import { useDashboardGrid } from './dashboardGridContext';

/** The Explore page of a saved chart. */
export function exploreChartPath(chart: DashboardChart): string {
  const [datasourceId = '', datasourceType = 'table'] = chart.form_data.datasource.split('__');
  const query = new URLSearchParams({ datasource_type: datasourceType, datasource_id: datasourceId, slice_id: String(chart.id) });
  return `/explore/?${query.toString()}`;
}

export const viewQueryLabel = 'View query';
export const viewAsTableLabel = 'View as table';
export const copyPermalinkLabel = 'Copy permalink to clipboard';

export interface ChartActionsMenuProps {
  chart: DashboardChart;
  /** The chart's form data with the dashboard filters it applies: exports, View query and Share use it. */
  formData: FormData;
  onForceRefresh: () => void;
  /** The chart holder (title and chart) that "Download as image" draws; the menu leaves itself out. */
  imageElementRef: RefObject<HTMLElement | null>;
  /** "Drill to detail": the chart's underlying rows. */
  onDrillToDetail: () => void;
  /** "View as table": the chart's results in a grid. */
  onViewAsTable: () => void;
}

/**
 * The "More Options" menu of a dashboard chart, in Superset's order: force refresh, explore chart,
 * View query (the SQL with the dashboard's filters), View as table, drill to detail, Share > copy
 * permalink (Explore's, with the dashboard's filters), Download > for `can_csv` users the exports
 * of the viz type (.CSV, .JSON, Excel; pivoted CSV for pivot tables; full .CSV and full Excel for
 * table charts), then the image.
 */
export function ChartActionsMenu({ chart, formData, onForceRefresh, imageElementRef, onDrillToDetail, onViewAsTable }: ChartActionsMenuProps): JSX.Element {
  const { dashboardId } = useDashboardGrid();
  const { addToast } = useToasts();
  const downloadAsImage = useDownloadAsImage();
  const roles = useMyRoles();
  const canCsv = canExportCsv(roles.data);
  const exportKinds = canCsv ? chartExportKinds(chart.form_data.viz_type, canCsv) : [];
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

  function downloadImage(): void {
    void downloadAsImage({ element: imageElementRef.current, title: chart.slice_name, fallbackName: 'chart' });
  }

  return (
    <MenuAnchor ref={menuRef} {...excludedFromImage}>
      <MenuButton
        aria-label="More Options"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        data-testid={testIds.dashboard.chartMenuButton}
        onClick={() => setIsOpen((open) => !open)}
      >
        ⋮
      </MenuButton>
      {isOpen && (
        <Menu role="menu" data-testid={testIds.dashboard.chartMenu}>
          <MenuItem role="menuitem" data-testid={testIds.dashboard.chartMenuItem} onClick={() => choose(onForceRefresh)}>
            Force refresh
          </MenuItem>
          <MenuLink role="menuitem" data-testid={testIds.dashboard.chartMenuItem} href={exploreChartPath(chart)}>
            Explore chart
          </MenuLink>
          <MenuItem role="menuitem" data-testid={testIds.dashboard.chartMenuViewQuery} onClick={() => choose(viewQuery)}>
            {viewQueryLabel}
          </MenuItem>
          <MenuItem role="menuitem" data-testid={testIds.dashboard.chartMenuViewAsTable} onClick={() => choose(onViewAsTable)}>
            {viewAsTableLabel}
          </MenuItem>
          <MenuItem role="menuitem" data-testid={testIds.dashboard.chartMenuDrillToDetail} onClick={() => choose(onDrillToDetail)}>
            {drillToDetailLabel}
          </MenuItem>
          <MenuGroup role="presentation">Share</MenuGroup>
          <MenuItem
            role="menuitem"
            data-testid={testIds.dashboard.chartMenuCopyPermalink}
            onClick={() => choose(() => void copyExplorePermalink(formData, addToast))}
          >
            {copyPermalinkLabel}
          </MenuItem>
          <MenuGroup role="presentation">Download</MenuGroup>
          {exportKinds.map((kind) => (
            <MenuItem key={kind} role="menuitem" data-testid={testIds.dashboard.chartMenuItem} data-export={kind} onClick={() => choose(() => exportChart(kind))}>
              {chartExportLabels[kind]}
            </MenuItem>
          ))}
          <MenuItem role="menuitem" data-testid={testIds.dashboard.chartMenuDownloadImage} onClick={() => choose(downloadImage)}>
            {downloadAsImageLabel}
          </MenuItem>
        </Menu>
      )}
      {querySql !== null && <ViewQueryModal sql={querySql} datasource={chart.form_data.datasource} onClose={() => setQuerySql(null)} />}
    </MenuAnchor>
  );
}

const MenuAnchor = styled.div`
  position: relative;
`;

const MenuButton = styled.button.attrs({ type: 'button' })`
  width: 24px;
  height: 24px;
  border: 0;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.l}px;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const Menu = styled.div`
  position: absolute;
  top: 100%;
  right: 0;
  z-index: 10;
  display: flex;
  flex-direction: column;
  min-width: 160px;
  padding: ${({ theme }) => theme.gridUnit}px 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 4px 12px rgb(0 0 0 / 15%);
`;

const MenuItem = styled.button.attrs({ type: 'button' })`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px`};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  text-align: left;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const MenuGroup = styled.div`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px 0`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const MenuLink = styled.a`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px`};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
