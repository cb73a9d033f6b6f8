import type { JSX, ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/Button';
import { testIds } from '@/testIds';

/** What an empty table says (Superset's table view with no rows). */
export const emptyTableText = 'No data';

export interface EmptyStateAction {
  label: ReactNode;
  onClick: () => void;
  /** The button's test id when a page's tests know it by its own. */
  testId?: string;
}

export interface EmptyStateProps {
  title: string;
  description?: string;
  /** A button under the text: "clear all filters", or the page's create button. */
  action?: EmptyStateAction;
  /** `small` for a table, `large` for a whole list. */
  size?: 'small' | 'large';
  testId?: string;
}

/** The shared empty-state display (spec 001 section 2): an image, a title, a description and a button. */
export function EmptyState({ title, description, action, size = 'large', testId = testIds.emptyState.root }: EmptyStateProps): JSX.Element {
  return (
    <Wrapper data-testid={testId} $size={size}>
      <EmptyImage $size={size} />
      <Title $size={size}>{title}</Title>
      {description !== undefined && <Description>{description}</Description>}
      {action !== undefined && (
        <Button $variant="primary" data-testid={action.testId ?? testIds.emptyState.action} onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </Wrapper>
  );
}

/** A table with no rows: "No data" under a small image. */
export function TableEmptyState({ testId }: { testId?: string }): JSX.Element {
  return <EmptyState title={emptyTableText} size="small" testId={testId} />;
}

/** An empty tray, drawn in the muted text colour. */
function EmptyImage({ $size }: { $size: 'small' | 'large' }): JSX.Element {
  const width = $size === 'large' ? 96 : 64;
  return (
    <Image width={width} height={(width * 41) / 64} viewBox="0 0 64 41" aria-hidden="true">
      <ellipse cx="32" cy="33" rx="32" ry="7" />
      <path d="M55 13.5 44.9 2.1A2.6 2.6 0 0 0 43 1H21a2.6 2.6 0 0 0-1.9 1.1L9 13.5V24h46V13.5Z" fill="none" />
      <path d="M41.6 16.6c0-1.7 1.1-3.1 2.4-3.1H55v18.1c0 2.1-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13.5h11c1.3 0 2.4 1.4 2.4 3.1 0 1.7 1.1 3 2.4 3h14.4c1.3 0 2.4-1.4 2.4-3Z" />
    </Image>
  );
}

const Wrapper = styled.div<{ $size: 'small' | 'large' }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding: ${({ theme, $size }) => theme.gridUnit * ($size === 'large' ? 8 : 4)}px;
`;

const Image = styled.svg`
  fill: ${({ theme }) => theme.colors.surfaceMuted};
  stroke: ${({ theme }) => theme.colors.border};
`;

const Title = styled.strong<{ $size: 'small' | 'large' }>`
  font-size: ${({ theme, $size }) => ($size === 'large' ? theme.fontSizes.l : theme.fontSizes.s)}px;
  font-weight: ${({ $size }) => ($size === 'large' ? 600 : 400)};
  color: ${({ theme, $size }) => ($size === 'large' ? theme.colors.text : theme.colors.textMuted)};
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
