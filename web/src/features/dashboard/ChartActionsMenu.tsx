import { useCallback, useRef, useState, type JSX, type RefObject } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import { useToasts } from '@/components/toastContext';
import { drillToDetailLabel } from '@/features/chart/drillToDetail/ChartContextMenu';
import { canExportCsv, chartExportLabels, offersFullExport } from '@/features/explore/download/chartExport';
import { downloadAsImageLabel, excludedFromImage, useDownloadAsImage } from '@/features/explore/download/downloadAsImage';
import { saveBlob } from '@/features/explore/download/saveBlob';
import { testIds } from '@/testIds';
import { exportDashboardChart, useMyRoles, type DashboardChartExportKind } from './api';
import { useDashboardGrid } from './dashboardGridContext';
import { useCloseOnOutside } from '@/components/useCloseOnOutside';

/** The Explore page of a saved chart. */
export function exploreChartPath(chart: DashboardChart): string {
  const [datasourceId = '', datasourceType = 'table'] = chart.form_data.datasource.split('__');
  const query = new URLSearchParams({ datasource_type: datasourceType, datasource_id: datasourceId, slice_id: String(chart.id) });
  return `/explore/?${query.toString()}`;
}

export interface ChartActionsMenuProps {
  chart: DashboardChart;
  onForceRefresh: () => void;
  /** The chart holder (title and chart) that "Download as image" draws; the menu leaves itself out. */
  imageElementRef: RefObject<HTMLElement | null>;
  /** "Drill to detail": the chart's underlying rows. */
  onDrillToDetail: () => void;
}

/**
 * The "More Options" menu of a dashboard chart: force refresh, explore chart, drill to detail,
 * Download > export to CSV, for table charts and `can_csv` users export to full .CSV and full
 * Excel (the row limit lifted to the export maximum), image.
 */
export function ChartActionsMenu({ chart, onForceRefresh, imageElementRef, onDrillToDetail }: ChartActionsMenuProps): JSX.Element {
  const { dashboardId } = useDashboardGrid();
  const { addToast } = useToasts();
  const downloadAsImage = useDownloadAsImage();
  const roles = useMyRoles();
  const fullExportKinds: DashboardChartExportKind[] =
    offersFullExport(chart.form_data.viz_type) && canExportCsv(roles.data) ? ['full_csv', 'full_xlsx'] : [];
  const [isOpen, setIsOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setIsOpen(false), []);

  useCloseOnOutside(menuRef, isOpen, closeMenu);

  function exportChart(kind: DashboardChartExportKind): void {
    setIsOpen(false);
    const extension = kind === 'full_xlsx' ? 'xlsx' : 'csv';
    void exportDashboardChart(chart.form_data, { dashboardId, force: false }, kind).then(
      (blob) => saveBlob(blob, `${chart.slice_name}.${extension}`),
      (error: unknown) => addToast('danger', errorMessage(error)),
    );
  }

  function downloadImage(): void {
    setIsOpen(false);
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
          <MenuItem
            role="menuitem"
            data-testid={testIds.dashboard.chartMenuItem}
            onClick={() => {
              setIsOpen(false);
              onForceRefresh();
            }}
          >
            Force refresh
          </MenuItem>
          <MenuLink role="menuitem" data-testid={testIds.dashboard.chartMenuItem} href={exploreChartPath(chart)}>
            Explore chart
          </MenuLink>
          <MenuItem
            role="menuitem"
            data-testid={testIds.dashboard.chartMenuDrillToDetail}
            onClick={() => {
              setIsOpen(false);
              onDrillToDetail();
            }}
          >
            {drillToDetailLabel}
          </MenuItem>
          <MenuGroup role="presentation">Download</MenuGroup>
          <MenuItem role="menuitem" data-testid={testIds.dashboard.chartMenuItem} data-export="csv" onClick={() => exportChart('csv')}>
            {chartExportLabels.csv}
          </MenuItem>
          {fullExportKinds.map((kind) => (
            <MenuItem key={kind} role="menuitem" data-testid={testIds.dashboard.chartMenuItem} data-export={kind} onClick={() => exportChart(kind)}>
              {chartExportLabels[kind]}
            </MenuItem>
          ))}
          <MenuItem role="menuitem" data-testid={testIds.dashboard.chartMenuDownloadImage} onClick={downloadImage}>
            {downloadAsImageLabel}
          </MenuItem>
        </Menu>
      )}
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
