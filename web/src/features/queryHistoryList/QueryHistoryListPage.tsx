import { useMemo, type JSX } from 'react';
import { Link } from 'react-router';
import type { QueryHistoryItem } from '@/api/generated/QueryHistoryItem';
import { ListPageLayout } from '@/components/listView/ListPageLayout';
import { ListView, type ListViewColumn, type ListViewFilter } from '@/components/listView/ListView';
import { defaultListPageSize } from '@/components/listView/listViewState';
import { useRelatedOptions } from '@/components/listView/resourceListApi';
import { useListViewUrlState } from '@/components/listView/useListViewUrlState';
import { usePageTitle } from '@/components/usePageTitle';
import { queryStatuses, runDuration } from '@/features/sqllab/queryStatus';
import { testIds } from '@/testIds';
import { queryHistoryFilterIds, queryHistoryListQuery, queryRunSqlLabPath, useQueryHistoryList } from './api';

/** The page's title, also the document's while it is shown. */
export const queryHistoryTitle = 'Query history';

/**
 * `/sqllab/history/` (Superset 6's Query history list): the runs the user may see, newest first,
 * with their state, time, tab, database, schema, tables, user, rows and SQL; each opens in SQL
 * Lab as a new tab through its link.
 */
export function QueryHistoryListPage(): JSX.Element {
  const pageSize = defaultListPageSize;
  const [state, setState] = useListViewUrlState({ sortColumn: 'start_time', sortOrder: 'desc' });
  const list = useQueryHistoryList(queryHistoryListQuery(state, pageSize));
  const databases = useRelatedOptions('query', 'related', 'database');
  const rows = useMemo(() => list.data?.result ?? [], [list.data]);
  usePageTitle(queryHistoryTitle);

  const columns: ListViewColumn<QueryHistoryItem>[] = [
    {
      id: 'status',
      header: 'State',
      sortKey: 'status',
      render: (run) => <span data-testid={testIds.queryHistoryList.status}>{run.status}</span>,
    },
    {
      id: 'start_time',
      header: 'Time',
      sortKey: 'start_time',
      render: (run) => (run.start_time === null ? '' : `${new Date(run.start_time).toLocaleString()} (${runDuration(run.start_time, run.end_time)})`),
    },
    { id: 'tab_name', header: 'Tab name', sortKey: 'tab_name', render: (run) => run.tab_name ?? '' },
    { id: 'database', header: 'Database', sortKey: 'database.database_name', render: (run) => run.database.database_name },
    { id: 'schema', header: 'Schema', sortKey: 'schema', render: (run) => run.schema ?? '' },
    { id: 'sql_tables', header: 'Tables', render: (run) => run.sql_tables.map((table) => table.table).join(', ') },
    {
      id: 'user',
      header: 'User',
      sortKey: 'user.first_name',
      render: (run) => (run.user === null ? '' : `${run.user.first_name} ${run.user.last_name}`.trim()),
    },
    { id: 'rows', header: 'Rows', sortKey: 'rows', render: (run) => (run.rows === null ? '' : String(run.rows)) },
    { id: 'sql', header: 'SQL', render: (run) => <code title={run.sql}>{run.sql.length > 100 ? `${run.sql.slice(0, 100)}…` : run.sql}</code> },
    {
      id: 'actions',
      header: 'Actions',
      render: (run) => (
        <Link to={queryRunSqlLabPath(run.id)} title="Open query in SQL Lab" data-testid={testIds.queryHistoryList.openInSqlLab}>
          Open in SQL Lab
        </Link>
      ),
    },
  ];
  const filters: ListViewFilter[] = [
    { id: queryHistoryFilterIds.database, label: 'Database', kind: 'select', options: databases.data ?? [] },
    { id: queryHistoryFilterIds.status, label: 'State', kind: 'select', options: queryStatuses.map((status) => ({ value: status, label: status })) },
    { id: queryHistoryFilterIds.search, columnId: 'sql', label: 'Search by query text', kind: 'search' },
  ];

  return (
    <ListPageLayout title={queryHistoryTitle} testId={testIds.queryHistoryList.page}>
      <ListView
        columns={columns}
        filters={filters}
        rows={rows}
        count={list.data?.count ?? 0}
        rowKey={(run) => run.id}
        isLoading={list.isPending}
        pageSize={pageSize}
        state={state}
        onStateChange={setState}
      />
    </ListPageLayout>
  );
}
