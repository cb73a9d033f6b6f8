import type { JSX, ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { testIds } from '@/testIds';
import type { RowSelection } from './useRowSelection';

/** Card mode shows this many skeleton cards while loading (spec 000 section 9). */
export const cardSkeletonCount = 25;
/** The width of a card grid column (spec 000 section 9). */
export const cardColumnWidth = 300;
/** The height of a thumbnail card (spec 001 section 9: 300 px wide, an 800x450 ratio gives 168). */
export const thumbnailCardHeight = 168;

export interface ListViewCardsProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => number;
  renderCard: (row: T) => ReactNode;
  isLoading: boolean;
  /** Present while bulk selecting: a checkbox on each card. */
  selection: RowSelection | null;
}

/** The card mode of a list: a grid of 300 px wide cards, skeletons while loading. */
export function ListViewCards<T>({ rows, rowKey, renderCard, isLoading, selection }: ListViewCardsProps<T>): JSX.Element {
  if (isLoading) {
    return (
      <Grid data-testid={testIds.listView.cardGrid}>
        {Array.from({ length: cardSkeletonCount }, (_, index) => (
          <Skeleton key={index} data-testid={testIds.listView.cardSkeleton} aria-hidden="true" />
        ))}
      </Grid>
    );
  }
  return (
    <Grid data-testid={testIds.listView.cardGrid}>
      {rows.map((row) => {
        const key = rowKey(row);
        const isSelected = selection?.isSelected(key) ?? false;
        return (
          <Card key={key} data-testid={testIds.listView.card} data-row-id={key} $isSelected={isSelected}>
            {selection !== null && (
              <CardCheckbox
                type="checkbox"
                aria-label="Select card"
                data-testid={testIds.listView.rowCheckbox}
                checked={isSelected}
                onChange={() => selection.toggle(key)}
              />
            )}
            {renderCard(row)}
          </Card>
        );
      })}
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${cardColumnWidth}px, 1fr));
  gap: ${({ theme }) => theme.gridUnit * 4}px;
`;

const Card = styled.article<{ $isSelected: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-height: ${thumbnailCardHeight}px;
  padding: ${({ theme }) => theme.gridUnit * 4}px;
  border: 1px solid ${({ theme, $isSelected }) => ($isSelected ? theme.colors.primary.base : theme.colors.border)};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
`;

const CardCheckbox = styled.input`
  position: absolute;
  top: ${({ theme }) => theme.gridUnit * 2}px;
  right: ${({ theme }) => theme.gridUnit * 2}px;
`;

const pulse = keyframes`
  from { opacity: 1; }
  to { opacity: 0.5; }
`;

const Skeleton = styled.div`
  height: ${thumbnailCardHeight}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  animation: ${pulse} 1s ease-in-out infinite alternate;
`;
