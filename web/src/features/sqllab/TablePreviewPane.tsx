import { useEffect, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { testIds } from '@/testIds';
import { useTableMetadata } from './api';
import { ResultsPane } from './ResultsPane';
import { startedRun, type RunState } from './runLifecycle';
import type { SqlLabTable, TablePreviewFields } from './sqlLabTables';
import { useDataPreviewRun } from './useDataPreviewRun';

export interface TablePreviewPaneProps {
  table: SqlLabTable;
  /** The table's database sets `disable_data_preview` in its extra (spec 002 section 3). */
  isDataPreviewDisabled: boolean;
  /** The table's database allows asynchronous runs (`allow_run_async`): the preview runs that way. */
  isAsync?: boolean;
  /** The table's metadata was read (`initialized`), or its data preview started (`dataPreviewQueryId`). */
  onTableChange?: (tableId: string, changes: TablePreviewFields) => void;
}

/**
 * The south-pane tab of an expanded table: its data preview, the table's `SELECT *` run once
 * with a 100-row limit, outside the editor's history (a data preview run), asynchronously when
 * the database allows it (`useDataPreviewRun`). A database with `disable_data_preview` runs no
 * preview (Superset's `runTablePreviewQuery`): the tab lists the table's columns and types instead.
 */
export function TablePreviewPane({ table, isDataPreviewDisabled, isAsync = false, onTableChange }: TablePreviewPaneProps): JSX.Element {
  const metadata = useTableMetadata(table.dbId, table.schema, table.name);
  const selectStar = metadata.data?.selectStar ?? '';
  const preview = useDataPreviewRun(table, selectStar, isAsync, !isDataPreviewDisabled);
  const isRead = metadata.data !== undefined;
  const previewId = preview?.clientId;
  useEffect(() => {
    if (isRead && table.initialized !== true) onTableChange?.(table.id, { initialized: true });
  }, [isRead, table.id, table.initialized, onTableChange]);
  useEffect(() => {
    if (previewId !== undefined && previewId !== table.dataPreviewQueryId) onTableChange?.(table.id, { dataPreviewQueryId: previewId });
  }, [previewId, table.id, table.dataPreviewQueryId, onTableChange]);
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
  const run: RunState = metadata.isError
    ? { status: 'failed', message: errorMessage(metadata.error) }
    : (preview?.run ?? startedRun('', isAsync, 0));
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
