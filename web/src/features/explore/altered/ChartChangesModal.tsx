import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { TableEmptyState } from '@/components/EmptyState';
import { pageCount } from '@/components/listView/listViewState';
import { Modal, wideModalWidthPx } from '@/components/Modal';
import { Pagination } from '@/components/pagination/Pagination';
import { testIds } from '@/testIds';
import type { AlteredRow } from '@/wasm/chartDiff';
import { chartChangesPageSize } from './chartChanges';

export const chartChangesTitle = 'Chart changes';

export interface ChartChangesModalProps {
  /** The altered controls, as the core labelled and formatted them. */
  rows: readonly AlteredRow[];
  onClose: () => void;
}

/** 'Chart changes': each altered control with its saved and current value, 50 a page. */
export function ChartChangesModal({ rows, onClose }: ChartChangesModalProps): JSX.Element {
  const [pageIndex, setPageIndex] = useState(0);
  const lastPageIndex = pageCount(chartChangesPageSize, rows.length) - 1;
  const shownPageIndex = Math.min(pageIndex, lastPageIndex);
  const shownRows = rows.slice(shownPageIndex * chartChangesPageSize, (shownPageIndex + 1) * chartChangesPageSize);

  return (
    <Modal title={chartChangesTitle} width={wideModalWidthPx} testId={testIds.chartChanges.modal} onClose={onClose}>
      <Table>
        <thead>
          <tr>
            <th scope="col">Control</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {shownRows.map((row) => (
            <tr key={row.control} data-testid={testIds.chartChanges.row}>
              <td>{row.control}</td>
              <td>{row.before}</td>
              <td>{row.after}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {rows.length === 0 && <TableEmptyState />}
      {lastPageIndex > 0 && (
        <PaginationBox data-testid={testIds.chartChanges.pagination}>
          <Pagination
            pageIndex={shownPageIndex}
            pageSize={chartChangesPageSize}
            count={rows.length}
            onPageChange={setPageIndex}
            testIds={{ previous: testIds.chartChanges.previousPage, next: testIds.chartChanges.nextPage, rangeText: testIds.chartChanges.rangeText }}
          />
        </PaginationBox>
      )}
    </Modal>
  );
}

/** Long values (filters, JSON) wrap inside their cell. */
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  table-layout: fixed;

  th,
  td {
    padding: ${({ theme }) => theme.gridUnit * 2}px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }

  th {
    font-weight: 600;
  }
`;

const PaginationBox = styled.div`
  margin-top: ${({ theme }) => theme.gridUnit * 3}px;
`;
