import type { JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';

export interface SelectTagsProps {
  values: readonly string[];
  labelOf: (value: string) => string;
  /** At most this many tags show; the rest are counted in a "+ N ..." tag. */
  maxTagCount: number;
  onRemove: (value: string) => void;
}

/** The chosen values of a multiple select as removable tags: `a` `b` `c` `d` `+ 2 ...`. */
export function SelectTags({ values, labelOf, maxTagCount, onRemove }: SelectTagsProps): JSX.Element {
  const shownValues = values.slice(0, maxTagCount);
  const hiddenLabels = values.slice(maxTagCount).map(labelOf);
  return (
    <>
      {shownValues.map((value) => (
        <Tag key={value} data-testid={testIds.select.tag} data-value={value}>
          {labelOf(value)}
          <TagRemove type="button" tabIndex={-1} aria-label={`Remove ${labelOf(value)}`} onClick={() => onRemove(value)}>
            ×
          </TagRemove>
        </Tag>
      ))}
      {hiddenLabels.length > 0 && (
        <Tag data-testid={testIds.select.moreTags} title={hiddenLabels.join(', ')}>
          {`+ ${hiddenLabels.length} ...`}
        </Tag>
      )}
    </>
  );
}

const Tag = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  max-width: 100%;
  padding: 0 ${({ theme }) => theme.gridUnit}px 0 ${({ theme }) => theme.gridUnit * 2}px;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  line-height: 22px;
  overflow-wrap: anywhere;
`;

const TagRemove = styled.button`
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  padding: 0 2px;
`;
