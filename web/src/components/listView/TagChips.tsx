import type { JSX } from 'react';
import styled from 'styled-components';
import type { TagRef } from '@/api/generated/TagRef';
import { allEntitiesPath, truncatedTagName } from '@/features/tags/api';
import { testIds } from '@/testIds';

/** A row's tags: chips with names cut to 20 characters, each opening the tag's objects in a new tab. */
export function TagChips({ tags }: { tags: readonly TagRef[] }): JSX.Element {
  return (
    <Chips>
      {tags.map((tag) => (
        <Chip key={tag.id} href={allEntitiesPath(tag.id)} target="_blank" rel="noreferrer" title={tag.name} data-testid={testIds.tags.chip}>
          {truncatedTagName(tag.name)}
        </Chip>
      ))}
    </Chips>
  );
}

const Chips = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const Chip = styled.a`
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.primary.light[4]};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  white-space: nowrap;
  text-decoration: none;
`;
