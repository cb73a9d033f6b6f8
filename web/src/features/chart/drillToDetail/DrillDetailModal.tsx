import { useMemo, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { FormData } from '@/api/generated/FormData';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import type { DrillValue } from '@/features/chart/viz/chartRendererProps';
import { samplesErrorMessage } from '@/features/explore/api';
import { DataPaneMessage } from '@/features/explore/dataPane/DataPaneMessage';
import { jsonResultColumns } from '@/features/explore/dataPane/jsonResultColumns';
import { QueryResultTable } from '@/features/explore/dataPane/QueryResultTable';
import { testIds } from '@/testIds';
import { drillToDetailPageSize, useDrillToDetailPage } from './api';

/** Superset's button that asks for the shown page of rows again. */
export const reloadLabel = 'Reload';

/** Superset's empty state of the drill-to-detail table. */
export const noDrillRowsMessage = 'No rows were returned for this dataset';

/** "Drill to detail: Births by state". */
export function drillDetailModalTitle(chartName: string): string {
  return `Drill to detail: ${chartName}`;
}

/** "state = CA": a drilled value's filter pill. */
export function drillValuePillText(drillValue: DrillValue): string {
  return `${drillValue.column} = ${drillValue.label}`;
}

/** The pages of `totalCount` rows, at least one. */
export function drillPageCount(totalCount: number): number {
  return Math.max(1, Math.ceil(totalCount / drillToDetailPageSize));
}

export interface DrillDetailModalProps {
  chartName: string;
  /** The chart's form data, with the dashboard's `extra_form_data` when on a dashboard. */
  formData: FormData;
  /** The values drilled by (none for "Drill to detail"): removable filter pills. */
  initialDrillValues: readonly DrillValue[];
  onClose: () => void;
}

/**
 * "Drill to detail": the chart's underlying rows (its dataset under its filters and time range,
 * and the drilled values), 50 a page, with the total row count and removable value pills.
 */
export function DrillDetailModal({ chartName, formData, initialDrillValues, onClose }: DrillDetailModalProps): JSX.Element {
  const [drillValues, setDrillValues] = useState<readonly DrillValue[]>(initialDrillValues);
  const [page, setPage] = useState(1);
  const rows = useDrillToDetailPage(formData, drillValues, page);
  const columns = useMemo(() => (rows.data === undefined ? [] : jsonResultColumns(rows.data)), [rows.data]);

  function removeDrillValue(removed: DrillValue): void {
    setDrillValues((current) => current.filter((drillValue) => drillValue !== removed));
    setPage(1);
  }

  function renderRows(): JSX.Element {
    if (rows.isError) {
      return (
        <DataPaneMessage kind="error">
          <p>{samplesErrorMessage(rows.error)}</p>
        </DataPaneMessage>
      );
    }
    if (rows.data === undefined) return <DataPaneMessage kind="loading">Loading…</DataPaneMessage>;
    if (rows.data.total_count === 0 || rows.data.data.length === 0) {
      return <DataPaneMessage kind="empty">{noDrillRowsMessage}</DataPaneMessage>;
    }
    const shownPage = rows.data.page;
    const pageCount = drillPageCount(rows.data.total_count);
    return (
      <>
        <TableBox aria-busy={rows.isFetching}>
          <QueryResultTable key={shownPage} columns={columns} rowCount={rows.data.data.length} queryIndex={0} totalRowCount={rows.data.total_count} size="middle" />
        </TableBox>
        {pageCount > 1 && (
          <Pagination aria-label="Pagination" data-testid={testIds.drillToDetail.pagination}>
            <Button aria-label="Previous page" disabled={page <= 1 || rows.isFetching} data-testid={testIds.drillToDetail.previousPage} onClick={() => setPage(page - 1)}>
              ‹
            </Button>
            <PageText data-testid={testIds.drillToDetail.pageText}>
              Page {shownPage.toLocaleString('en-US')} of {pageCount.toLocaleString('en-US')}
            </PageText>
            <Button aria-label="Next page" disabled={page >= pageCount || rows.isFetching} data-testid={testIds.drillToDetail.nextPage} onClick={() => setPage(page + 1)}>
              ›
            </Button>
          </Pagination>
        )}
      </>
    );
  }

  return (
    <Modal
      title={drillDetailModalTitle(chartName)}
      testId={testIds.drillToDetail.modal}
      width={1000}
      onClose={onClose}
      footer={
        <Button $variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Content>
        <ControlsRow>
          <Pills aria-label="Drill to detail filters">
            {drillValues.map((drillValue) => (
              <Pill key={drillValue.column} data-testid={testIds.drillToDetail.filterPill} title={drillValuePillText(drillValue)}>
                <PillText>{drillValuePillText(drillValue)}</PillText>
                <PillRemove
                  aria-label={`Remove filter ${drillValuePillText(drillValue)}`}
                  data-testid={testIds.drillToDetail.removeFilter}
                  onClick={() => removeDrillValue(drillValue)}
                >
                  ×
                </PillRemove>
              </Pill>
            ))}
          </Pills>
          <Button
            $variant="link"
            aria-label={reloadLabel}
            title={reloadLabel}
            data-testid={testIds.drillToDetail.reload}
            disabled={rows.isFetching}
            onClick={() => void rows.refetch()}
          >
            ↻ {reloadLabel}
          </Button>
        </ControlsRow>
        {rows.isFetching && rows.data !== undefined && (
          <Fetching role="status" data-testid={testIds.drillToDetail.fetching}>
            Loading…
          </Fetching>
        )}
        {renderRows()}
      </Content>
    </Modal>
  );
}

const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-height: 120px;
`;

const ControlsRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const Pills = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const Pill = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  max-width: 100%;
  padding: 0 ${({ theme }) => theme.gridUnit}px 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  line-height: 24px;
`;

const PillText = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const PillRemove = styled.button.attrs({ type: 'button' })`
  padding: 0 2px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
`;

const Fetching = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

/** A fixed height: the table's header stays while its rows scroll. */
const TableBox = styled.div`
  display: flex;
  flex-direction: column;
  height: min(440px, 50vh);

  &[aria-busy='true'] {
    opacity: 0.6;
  }
`;

const Pagination = styled.nav`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const PageText = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
