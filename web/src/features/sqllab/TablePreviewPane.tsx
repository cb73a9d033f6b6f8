import { useQuery } from '@tanstack/react-query';
import type { JSX } from 'react';
import { errorMessage } from '@/api/errors';
import { queryKeys } from '@/api/queryKeys';
import { testIds } from '@/testIds';
import { executeSql, newClientId, useTableMetadata } from './api';
import { ResultsPane } from './ResultsPane';
import { startedRun, type RunState } from './runLifecycle';
import type { SqlLabTable } from './sqlLabTables';

/** Rows a data preview shows (Superset's `selectStar` limit). */
export const previewRowLimit = 100;

/**
 * The south-pane tab of an expanded table: its data preview, the table's `SELECT *` run once
 * with a 100-row limit, outside the editor's history (a data preview run).
 */
export function TablePreviewPane({ table }: { table: SqlLabTable }): JSX.Element {
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
    enabled: selectStar !== '',
    staleTime: Infinity,
    retry: false,
  });
  let run: RunState;
  if (metadata.isError) run = { status: 'failed', message: errorMessage(metadata.error) };
  else if (preview.isError) run = { status: 'failed', message: errorMessage(preview.error) };
  else if (preview.data !== undefined) run = { status: 'success', result: preview.data };
  else run = startedRun('', false);
  return <ResultsPane run={run} title={`Preview: ${table.schema}.${table.name}`} testId={testIds.sqlLab.tablePreview} />;
}
