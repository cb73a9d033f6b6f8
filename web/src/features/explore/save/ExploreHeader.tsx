import { Fragment, useEffect, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { DropdownMenuAnchor, DropdownMenuItem, DropdownMenuList } from '@/components/DropdownMenu';
import { drillToDetailLabel } from '@/features/chart/drillToDetail/ChartContextMenu';
import { manageEmailReportsLabel } from '@/features/reports/api';
import { testIds } from '@/testIds';
import type { AlteredRow } from '@/wasm/chartDiff';
import { AlteredLabel } from '../altered/AlteredLabel';
import { chartExportLabels, type ChartExportKind } from '../download/chartExport';
import { downloadAsImageLabel } from '../download/downloadAsImage';
import { runInSqlLabLabel } from '../runInSqlLab';
import { shareByEmailLabel } from '../share/shareChartByEmail';

/** What the header shows before a chart has a name (Superset's placeholder). */
export const untitledChartTitle = 'Add the name of the chart';

export interface ExploreHeaderProps {
  /** The saved chart's name; null for a chart not saved yet. */
  sliceName: string | null;
  /** The controls that differ from the saved chart's: an 'Altered' label opens them. */
  alteredRows: readonly AlteredRow[];
  canEditProperties: boolean;
  /** Superset's `can_add`: `can_write` on Chart (spec 002 section 6). Without it there is no Save. */
  canSave: boolean;
  onSave: () => void;
  onEditProperties: () => void;
  /** "Manage email reports": a saved chart, and `can_write` on ReportSchedule. */
  canManageReports: boolean;
  onManageReports: () => void;
  /** "Drill to detail": the chart's underlying rows; off until the chart has run. */
  canDrillToDetail: boolean;
  onDrillToDetail: () => void;
  onCopyPermalink: () => void;
  /** Share > "Share chart by email": a mail with the chart's permalink. */
  onShareByEmail: () => void;
  /** Share > "Embed code": the chart's standalone iframe. */
  onEmbedCode: () => void;
  /** The Download menu's exports for the chart's viz type. */
  exportKinds: readonly ChartExportKind[];
  /** Superset's `can_download`: `can_csv` (spec 002 section 6). Without it the data exports are disabled. */
  canDownloadData: boolean;
  onExport: (kind: ChartExportKind) => void;
  /** Download > "Download as image": a PNG of the chart. */
  onDownloadAsImage: () => void;
  /** "Run in SQL Lab": for users who may run SQL (`can_execute_sql_query` on SQLLab). */
  canRunInSqlLab: boolean;
  onRunInSqlLab: () => void;
}

/** Explore's header: the chart's name (with 'Altered' when changed since saved), Save, and the "..." menu (edit properties, manage email reports, drill to detail, download, share, run in SQL Lab). */
export function ExploreHeader(props: ExploreHeaderProps): JSX.Element {
  const {
    sliceName,
    alteredRows,
    canEditProperties,
    canSave,
    canDrillToDetail,
    onSave,
    onEditProperties,
    canManageReports,
    onManageReports,
    onDrillToDetail,
    onCopyPermalink,
    onShareByEmail,
    onEmbedCode,
    exportKinds,
    canDownloadData,
    onExport,
    onDownloadAsImage,
    canRunInSqlLab,
    onRunInSqlLab,
  } = props;
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isMenuOpen) return undefined;
    function closeOnOutsideClick(event: MouseEvent): void {
      if (menuRef.current !== null && !menuRef.current.contains(event.target as Node)) setIsMenuOpen(false);
    }
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => {
      document.removeEventListener('mousedown', closeOnOutsideClick);
    };
  }, [isMenuOpen]);

  function choose(action: () => void): void {
    setIsMenuOpen(false);
    action();
  }

  return (
    <Bar data-testid={testIds.exploreHeader.bar}>
      <TitleGroup>
        <Title data-testid={testIds.exploreHeader.title} $isPlaceholder={sliceName === null} title={sliceName ?? untitledChartTitle}>
          {sliceName ?? untitledChartTitle}
        </Title>
        <AlteredLabel rows={alteredRows} />
      </TitleGroup>
      <Actions>
        {canSave && (
          <Button $variant="primary" data-testid={testIds.exploreHeader.saveButton} onClick={onSave}>
            Save
          </Button>
        )}
        <DropdownMenuAnchor
          ref={menuRef}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setIsMenuOpen(false);
          }}
        >
          <Button
            $variant="secondary"
            aria-label="Menu actions trigger"
            aria-haspopup="menu"
            aria-expanded={isMenuOpen}
            data-testid={testIds.exploreHeader.actionsButton}
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            ⋯
          </Button>
          {isMenuOpen && (
            <Menu role="menu" data-testid={testIds.exploreHeader.actionsMenu}>
              <MenuItem
                role="menuitem"
                type="button"
                disabled={!canEditProperties}
                data-testid={testIds.exploreHeader.editProperties}
                onClick={() => choose(onEditProperties)}
              >
                Edit chart properties
              </MenuItem>
              {canManageReports && (
                <MenuItem role="menuitem" type="button" data-testid={testIds.reports.manageItem} onClick={() => choose(onManageReports)}>
                  {manageEmailReportsLabel}
                </MenuItem>
              )}
              <MenuItem
                role="menuitem"
                type="button"
                disabled={!canDrillToDetail}
                data-testid={testIds.exploreHeader.drillToDetail}
                onClick={() => choose(onDrillToDetail)}
              >
                {drillToDetailLabel}
              </MenuItem>
              <MenuGroupTitle>Download</MenuGroupTitle>
              {exportKinds.map((kind) => (
                <Fragment key={kind}>
                  <MenuItem
                    role="menuitem"
                    type="button"
                    disabled={!canDownloadData}
                    data-testid={testIds.exploreHeader.exportItem}
                    data-export={kind}
                    onClick={() => choose(() => onExport(kind))}
                  >
                    {chartExportLabels[kind]}
                  </MenuItem>
                  {/* Superset's order: the CSV exports, .JSON, then the image, then Excel. */}
                  {kind === 'json' && (
                    <MenuItem
                      role="menuitem"
                      type="button"
                      data-testid={testIds.exploreHeader.downloadAsImage}
                      onClick={() => choose(onDownloadAsImage)}
                    >
                      {downloadAsImageLabel}
                    </MenuItem>
                  )}
                </Fragment>
              ))}
              <MenuGroupTitle>Share</MenuGroupTitle>
              <MenuItem role="menuitem" type="button" data-testid={testIds.exploreHeader.copyPermalink} onClick={() => choose(onCopyPermalink)}>
                Copy permalink to clipboard
              </MenuItem>
              <MenuItem role="menuitem" type="button" data-testid={testIds.exploreHeader.shareByEmail} onClick={() => choose(onShareByEmail)}>
                {shareByEmailLabel}
              </MenuItem>
              <MenuItem role="menuitem" type="button" data-testid={testIds.exploreHeader.embedCode} onClick={() => choose(onEmbedCode)}>
                Embed code
              </MenuItem>
              {canRunInSqlLab && (
                <MenuItem role="menuitem" type="button" data-testid={testIds.exploreHeader.runInSqlLab} onClick={() => choose(onRunInSqlLab)}>
                  {runInSqlLabLabel}
                </MenuItem>
              )}
            </Menu>
          )}
        </DropdownMenuAnchor>
      </Actions>
    </Bar>
  );
}

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 4}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const TitleGroup = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-width: 0;
`;

const Title = styled.h1<{ $isPlaceholder: boolean }>`
  margin: 0;
  overflow: hidden;
  color: ${({ theme, $isPlaceholder }) => ($isPlaceholder ? theme.colors.textMuted : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSizes.l}px;
  font-weight: 600;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;



const MenuGroupTitle = styled.span`
  padding: ${({ theme }) => `${theme.gridUnit}px ${theme.gridUnit * 3}px`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

/** Explore's menu opens a little below its button, wider, above the chart's overlays. */
const Menu = styled(DropdownMenuList)`
  top: calc(100% + 4px);
  z-index: 900;
  min-width: 240px;
`;

/** Explore's items keep the page's font size. */
const MenuItem = styled(DropdownMenuItem)`
  font-size: inherit;
`;
