import type { JSX } from 'react';
import styled from 'styled-components';
import type { NativeFilter } from '@/api/generated/NativeFilter';
import { testIds } from '@/testIds';

/** A divider of the filter bar (`type: DIVIDER`): its title and, under it, its description. */
export function FilterDivider({ divider, isHorizontal }: { divider: NativeFilter; isHorizontal: boolean }): JSX.Element {
  const description = divider.description ?? '';
  return (
    <Divider data-testid={testIds.dashboardFilters.divider} data-filter-id={divider.id} $isHorizontal={isHorizontal} role="separator" aria-label={divider.title ?? divider.name}>
      <DividerTitle>{divider.title ?? divider.name}</DividerTitle>
      {description !== '' && <DividerDescription>{description}</DividerDescription>}
    </Divider>
  );
}

const Divider = styled.div<{ $isHorizontal: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit}px;
  padding: ${({ theme, $isHorizontal }) => ($isHorizontal ? `0 ${theme.gridUnit * 3}px` : `${theme.gridUnit * 2}px 0`)};
  border-color: ${({ theme }) => theme.colors.border};
  border-style: solid;
  border-width: ${({ $isHorizontal }) => ($isHorizontal ? '0 0 0 1px' : '1px 0 0')};
`;

const DividerTitle = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.m}px;
  font-weight: 600;
`;

const DividerDescription = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
