import type { JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { pageItems } from './pageItems';

export interface TablePaginationProps {
  pageCount: number;
  currentPage: number;
  onPageChange: (page: number) => void;
}

/** The table chart's page buttons (Superset's `SimplePagination`): numbers with ellipses, no arrows. */
export function TablePagination({ pageCount, currentPage, onPageChange }: TablePaginationProps): JSX.Element {
  return (
    <Pages aria-label="Pagination" data-testid={testIds.tableChart.pagination}>
      {pageItems(pageCount, currentPage).map((item) =>
        typeof item === 'number' ? (
          <li key={item}>
            <PageButton
              type="button"
              data-testid={testIds.tableChart.pageButton}
              aria-current={item === currentPage ? 'page' : undefined}
              $isCurrent={item === currentPage}
              onClick={() => onPageChange(item)}
            >
              {item + 1}
            </PageButton>
          </li>
        ) : (
          <Ellipsis key={item} aria-hidden>
            …
          </Ellipsis>
        ),
      )}
    </Pages>
  );
}

const Pages = styled.ul`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.gridUnit}px;
  margin: 0;
  padding: ${({ theme }) => theme.gridUnit * 2}px 0 0;
  list-style: none;
`;

const PageButton = styled.button<{ $isCurrent: boolean }>`
  min-width: ${({ theme }) => theme.gridUnit * 6}px;
  padding: ${({ theme }) => `${theme.gridUnit / 2}px ${theme.gridUnit * 1.5}px`};
  border: 1px solid ${({ theme, $isCurrent }) => ($isCurrent ? theme.colors.primary.base : 'transparent')};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: none;
  color: ${({ theme, $isCurrent }) => ($isCurrent ? theme.colors.primary.base : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  cursor: pointer;
`;

const Ellipsis = styled.li`
  padding: 0 ${({ theme }) => theme.gridUnit}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
