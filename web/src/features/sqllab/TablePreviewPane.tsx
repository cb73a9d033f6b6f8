import { useQuery } from '@tanstack/react-query';
import type { JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { queryKeys } from '@/api/queryKeys';
import { testIds } from '@/testIds';
import { executeSql, newClientId, useTableMetadata } from './api';
import { ResultsPane } from './ResultsPane';
import { startedRun, type RunState } from './runLifecycle';
import type { SqlLabTable } from './sqlLabTables';

/** Rows a data preview shows (Superset's `selectStar` limit). */
export const previewRowLimit = 100;

export interface TablePreviewPaneProps {
  table: SqlLabTable;
  /** The table's database sets `disable_data_preview` in its extra (spec 002 section 3). */
  isDataPreviewDisabled: boolean;
}

/**
 * The south-pane tab of an expanded table: its data preview, the table's `SELECT *` run once
 * with a 100-row limit, outside the editor's history (a data preview run). A database with
 * `disable_data_preview` runs no preview (Superset's `runTablePreviewQuery`): the tab lists the
 * table's columns and types instead.
 */
export function TablePreviewPane({ table, isDataPreviewDisabled }: TablePreviewPaneProps): JSX.Element {
  const metadata = useTableMetadata(table.dbId, table.schema, table.name);
  const selectStar = metadata.data?.selectStar ?? '';
  const preview = useQuery({
    queryKey: queryKeys.sqlLabPreview(table.id, selectStar),
    queryFn: ({ signal }) =>
      executeSql(
        {
          client_id: newClientId(),
          database_id: table.dbId,
          sql: selectStar,
          schema: table.schema,
          queryLimit: previewRowLimit,
          runAsync: false,
          json: true,
        },
        signal,
      ),
    enabled: selectStar !== '' && !isDataPreviewDisabled,
    staleTime: Infinity,
    retry: false,
  });
  const title = `Preview: ${table.schema}.${table.name}`;
  if (isDataPreviewDisabled && !metadata.isError) {
    return (
      <Columns data-testid={testIds.sqlLab.tablePreviewColumns} aria-label={`Columns of ${table.schema}.${table.name}`}>
        {(metadata.data?.columns ?? []).map((column) => (
          <li key={column.name}>
            <strong>{column.name}</strong> <span>{column.type}</span>
          </li>
        ))}
      </Columns>
    );
  }
  let run: RunState;
  if (metadata.isError) run = { status: 'failed', message: errorMessage(metadata.error) };
  else if (preview.isError) run = { status: 'failed', message: errorMessage(preview.error) };
  else if (preview.data !== undefined) run = { status: 'success', result: preview.data };
  else run = startedRun('', false, 0);
  return <ResultsPane run={run} title={title} testId={testIds.sqlLab.tablePreview} />;
}

const Columns = styled.ul`
  margin: 0;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  list-style: none;
  overflow: auto;

  li {
    display: flex;
    gap: ${({ theme }) => theme.gridUnit * 2}px;
  }

  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
