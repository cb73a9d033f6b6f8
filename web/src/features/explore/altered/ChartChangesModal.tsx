import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { pageCount, paginationText } from '@/components/listView/listViewState';
import { Modal, wideModalWidthPx } from '@/components/Modal';
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
      {lastPageIndex > 0 && (
        <Pagination aria-label="Pagination" data-testid={testIds.chartChanges.pagination}>
          <Button
            aria-label="Previous page"
            disabled={shownPageIndex <= 0}
            data-testid={testIds.chartChanges.previousPage}
            onClick={() => setPageIndex(shownPageIndex - 1)}
          >
            ‹
          </Button>
          <span data-testid={testIds.chartChanges.pageText}>
            Page {shownPageIndex + 1} of {lastPageIndex + 1}
          </span>
          <Button
            aria-label="Next page"
            disabled={shownPageIndex >= lastPageIndex}
            data-testid={testIds.chartChanges.nextPage}
            onClick={() => setPageIndex(shownPageIndex + 1)}
          >
            ›
          </Button>
          <Muted data-testid={testIds.chartChanges.rangeText}>{paginationText(shownPageIndex, chartChangesPageSize, rows.length)}</Muted>
        </Pagination>
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

const Pagination = styled.nav`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  margin-top: ${({ theme }) => theme.gridUnit * 3}px;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
