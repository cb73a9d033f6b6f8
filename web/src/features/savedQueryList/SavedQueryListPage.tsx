import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type JSX } from 'react';
import { Link } from 'react-router';
import type { SavedQuery } from '@/api/generated/SavedQuery';
import { queryKeys } from '@/api/queryKeys';
import { useResourcePermission } from '@/api/resourcePermissions';
import { ListPageLayout, RowActionsBox } from '@/components/listView/ListPageLayout';
import { ListView, type ListViewColumn, type ListViewFilter } from '@/components/listView/ListView';
import { TagChips } from '@/components/listView/TagChips';
import { defaultListPageSize } from '@/components/listView/listViewState';
import { useRelatedOptions } from '@/components/listView/resourceListApi';
import { useBulkDelete } from '@/components/listView/useBulkDelete';
import { useRowDelete } from '@/components/listView/useRowDelete';
import { useListViewUrlState } from '@/components/listView/useListViewUrlState';
import { useListErrorToasts } from '@/components/listView/useListErrorToasts';
import { useBundleActions } from '@/features/importExport/useBundleActions';
import { useTagNames } from '@/features/tags/api';
import { testIds } from '@/testIds';
import { savedQueryListFilterIds, savedQueryListQuery, savedQuerySqlLabPath, useSavedQueryList } from './api';


/** `/savedqueryview/list/`: the user's saved queries, filtered, sorted and paged by the server. */
export function SavedQueryListPage(): JSX.Element {
  const pageSize = defaultListPageSize;
  const [state, setState] = useListViewUrlState({ sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc' });
  const list = useSavedQueryList(savedQueryListQuery(state, pageSize));
  const tagNames = useTagNames();
  const databases = useRelatedOptions('saved_query', 'related', 'database');
  const schemas = useRelatedOptions('saved_query', 'distinct', 'schema');
  const rows = useMemo(() => list.data?.result ?? [], [list.data]);
  const onBulkDelete = useBulkDelete('saved_query', 'saved queries');
  // Superset's saved query delete adds the server's error when it fails.
  const rowDelete = useRowDelete('saved_query', 'titleAndError');
  const queryClient = useQueryClient();

  useListErrorToasts('saved_query', { label: 'saved query', plural: 'saved queries' }, list.error);

  const bundle = useBundleActions('saved_query', 'saved query', 'saved queries');
  // Spec 001 section 6: `_info` decides the writes (import, delete, tag) and the exports offered.
  const canWrite = useResourcePermission('saved_query', 'can_write') === true;
  const canExport = useResourcePermission('saved_query', 'can_export') === true;
  const columns: ListViewColumn<SavedQuery>[] = [
    {
      id: 'label',
      header: 'Name',
      sortKey: 'label',
      render: (query) => (
        <Link to={savedQuerySqlLabPath(query.id)} data-testid={testIds.savedQueryList.nameLink}>
          {query.label}
        </Link>
      ),
    },
    { id: 'database', header: 'Database', sortKey: 'database.database_name', render: (query) => query.database?.database_name ?? '' },
    { id: 'schema', header: 'Schema', sortKey: 'schema', render: (query) => query.schema ?? '' },
    { id: 'tag', header: 'Tags', render: (query) => <TagChips tags={query.tags ?? []} /> },
    {
      id: 'changed_on_delta_humanized',
      header: 'Modified',
      sortKey: 'changed_on_delta_humanized',
      render: (query) => query.changed_on_delta_humanized,
    },
    ...(canWrite || canExport
      ? [
          {
            id: 'actions',
            header: 'Actions',
            render: (query: SavedQuery) => (
              <RowActionsBox>
                {canWrite && rowDelete.deleteButton({ id: query.id, title: query.label })}
                {canExport && bundle.exportButton(query.id)}
              </RowActionsBox>
            ),
          },
        ]
      : []),
  ];
  const filters: ListViewFilter[] = [
    { id: savedQueryListFilterIds.search, columnId: 'label', label: 'Search', kind: 'search' },
    { id: savedQueryListFilterIds.database, label: 'Database', kind: 'select', options: databases.data ?? [] },
    { id: savedQueryListFilterIds.schema, label: 'Schema', kind: 'select', options: schemas.data ?? [] },
    { id: savedQueryListFilterIds.tag, label: 'Tag', kind: 'select', options: (tagNames.data ?? []).map((name) => ({ value: name, label: name })) },
  ];

  return (
    <ListPageLayout title="Saved queries" testId={testIds.savedQueryList.page} actions={canWrite ? bundle.importControl : undefined}>
      <ListView
        columns={columns}
        filters={filters}
        rows={rows}
        count={list.data?.count ?? 0}
        rowKey={(query) => query.id}
        isLoading={list.isPending}
        pageSize={pageSize}
        state={state}
        onStateChange={setState}
        bulkDelete={canWrite ? { noun: 'saved queries', onDelete: onBulkDelete } : undefined}
        bulkTag={
          canWrite
            ? { resourceName: 'query', onTagged: () => void queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('saved_query') }) }
            : undefined
        }
        bulkExport={canExport ? bundle.exportRows : undefined}
      />
      {rowDelete.confirmModal}
    </ListPageLayout>
  );
}
