import type { JSX } from 'react';
import styled from 'styled-components';
import type { DatasetColumn } from '@/api/generated/DatasetColumn';
import { genericDataTypes } from '@/features/chart/chartColumns';

interface TypeBadge {
  text: string;
  title: string;
}

function typeBadge(column: DatasetColumn): TypeBadge {
  if (column.is_dttm || column.type_generic === genericDataTypes.temporal) return { text: '◷', title: 'Temporal' };
  switch (column.type_generic) {
    case genericDataTypes.numeric:
      return { text: '#', title: 'Numeric' };
    case genericDataTypes.string:
      return { text: 'ABC', title: 'String' };
    case genericDataTypes.boolean:
      return { text: 'T/F', title: 'Boolean' };
    default:
      return { text: '?', title: 'Unknown type' };
  }
}

/** The small type marker in front of a column name: #, ABC, a clock or T/F. */
export function ColumnTypeIcon({ column }: { column: DatasetColumn }): JSX.Element {
  const badge = typeBadge(column);
  return (
    <Badge title={badge.title} aria-label={badge.title} role="img">
      {badge.text}
    </Badge>
  );
}

const Badge = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  min-width: 28px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
  font-weight: 600;
`;
