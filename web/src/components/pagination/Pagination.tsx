import type { JSX } from 'react';
import styled from 'styled-components';
import { paginationText } from '@/components/listView/listViewState';
import { testIds } from '@/testIds';
import { paginationItems } from './paginationItems';

/** Rows a table shows per page unless it says otherwise (spec 001 sections 2 and 9). */
export const defaultTablePageSize = 10;

/** Test ids a page keeps for its own controls (older tests and page objects find them so). */
export interface PaginationTestIds {
  previous?: string;
  next?: string;
  /** The "x-y of z" text. */
  rangeText?: string;
}

export interface PaginationProps {
  pageIndex: number;
  pageSize: number;
  count: number;
  onPageChange: (pageIndex: number) => void;
  /** Leaves out the "x-y of z" text (a list shows its own). */
  hideRangeText?: boolean;
  testIds?: PaginationTestIds;
}

/**
 * The shared pagination control (spec 001 section 2): a previous arrow, the page numbers with an
 * ellipsis for each gap, a next arrow, then "x-y of z" (first row, last row, total).
 */
export function Pagination({ pageIndex, pageSize, count, onPageChange, hideRangeText = false, testIds: ownTestIds = {} }: PaginationProps): JSX.Element {
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const lastPageIndex = pageCount - 1;
  return (
    <Footer data-testid={testIds.pagination.root}>
      <Pages aria-label="Pagination">
        <li>
          <PageButton
            aria-label="Previous page"
            data-testid={ownTestIds.previous ?? testIds.pagination.previous}
            disabled={pageIndex <= 0}
            onClick={() => onPageChange(pageIndex - 1)}
          >
            ‹
          </PageButton>
        </li>
        {paginationItems(pageCount, pageIndex).map((item) =>
          item.kind === 'page' ? (
            <li key={`page-${item.pageIndex}`}>
              <PageButton
                aria-label={`Page ${item.pageIndex + 1}`}
                aria-current={item.pageIndex === pageIndex ? 'page' : undefined}
                data-testid={testIds.pagination.page}
                $isCurrent={item.pageIndex === pageIndex}
                onClick={() => onPageChange(item.pageIndex)}
              >
                {item.pageIndex + 1}
              </PageButton>
            </li>
          ) : (
            <li key={item.kind}>
              <PageButton
                aria-label={item.kind === 'jump-previous' ? 'Previous 5 pages' : 'Next 5 pages'}
                data-testid={testIds.pagination.ellipsis}
                onClick={() => onPageChange(item.pageIndex)}
              >
                •••
              </PageButton>
            </li>
          ),
        )}
        <li>
          <PageButton
            aria-label="Next page"
            data-testid={ownTestIds.next ?? testIds.pagination.next}
            disabled={pageIndex >= lastPageIndex}
            onClick={() => onPageChange(pageIndex + 1)}
          >
            ›
          </PageButton>
        </li>
      </Pages>
      {!hideRangeText && <RangeText data-testid={ownTestIds.rangeText ?? testIds.pagination.rangeText}>{paginationText(pageIndex, pageSize, count)}</RangeText>}
    </Footer>
  );
}

const Footer = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const Pages = styled.ul`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const PageButton = styled.button.attrs({ type: 'button' })<{ $isCurrent?: boolean }>`
  min-width: ${({ theme }) => theme.gridUnit * 8}px;
  height: ${({ theme }) => theme.gridUnit * 8}px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme, $isCurrent = false }) => ($isCurrent ? theme.colors.primary.base : 'transparent')};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: none;
  color: ${({ theme, $isCurrent = false }) => ($isCurrent ? theme.colors.primary.base : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  cursor: pointer;

  &:disabled {
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: not-allowed;
  }
`;

const RangeText = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;
