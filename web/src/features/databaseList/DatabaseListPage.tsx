import { useMemo, useState, type JSX } from 'react';
import type { DatabaseListItem } from '@/api/generated/DatabaseListItem';
import type { UserRef } from '@/api/generated/UserRef';
import { useResourcePermission } from '@/api/resourcePermissions';
import { displayNameOf } from '@/api/userNames';
import { ListPageLayout } from '@/components/listView/ListPageLayout';
import { ListView, type ListViewColumn, type ListViewFilter } from '@/components/listView/ListView';
import { defaultListPageSize } from '@/components/listView/listViewState';
import { useListViewUrlState } from '@/components/listView/useListViewUrlState';
import { Button } from '@/components/Button';
import { useBulkDelete } from '@/components/listView/useBulkDelete';
import { useListErrorToasts } from '@/components/listView/useListErrorToasts';
import { useRowDelete } from '@/components/listView/useRowDelete';
import { DatabaseConnectionModal } from '@/features/databases/DatabaseConnectionModal';
import { UploadDataModal } from '@/features/databases/UploadDataModal';
import type { UploadType } from '@/features/databases/uploadTypes';
import { useBundleActions } from '@/features/importExport/useBundleActions';
import { testIds } from '@/testIds';
import { databaseListFilterIds, databaseListQuery, useDatabaseList } from './api';


/** A setting as the list shows it: a check mark or a cross. */
function flag(isOn: boolean): string {
  return isOn ? '✓' : '✗';
}

function userName(user: UserRef | null): string {
  return user === null ? '' : displayNameOf(user);
}

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** `/databaseview/list/`: the database connections the user may query, with their settings. */
export function DatabaseListPage(): JSX.Element {
  const pageSize = defaultListPageSize;
  const [state, setState] = useListViewUrlState({ sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc' });
  const list = useDatabaseList(databaseListQuery(state, pageSize));
  const rows = useMemo(() => list.data?.result ?? [], [list.data]);
  // The connection dialog: closed, a new connection ('new') or a saved one (its id).
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  // The upload dialog: closed, or open on a file type.
  const [uploading, setUploading] = useState<UploadType | null>(null);

  useListErrorToasts('database', { label: 'database', plural: 'databases' }, list.error);

  const bundle = useBundleActions('database', 'database', 'databases');
  // Superset's database list: "There was an issue deleting {name}: {error}", e.g. the server's
  // refusal of a database that datasets read from.
  const rowDelete = useRowDelete('database', 'titleAndError');
  const onBulkDelete = useBulkDelete('database', 'databases');
  // Spec 001 section 6: `_info` decides the writes (new, import, edit), the CSV upload (`can_upload`)
  // and the exports offered.
  const canWrite = useResourcePermission('database', 'can_write') === true;
  const canExport = useResourcePermission('database', 'can_export') === true;
  const canUpload = useResourcePermission('database', 'can_upload') === true;
  const columns: ListViewColumn<DatabaseListItem>[] = [
    {
      id: 'database_name',
      header: 'Name',
      sortKey: 'database_name',
      render: (database) => <span data-testid={testIds.databaseList.name}>{database.database_name}</span>,
    },
    { id: 'backend', header: 'Backend', sortKey: 'backend', render: (database) => database.backend },
    { id: 'allow_run_async', header: 'AQE', sortKey: 'allow_run_async', render: (database) => flag(database.allow_run_async) },
    { id: 'allow_dml', header: 'DML', sortKey: 'allow_dml', render: (database) => flag(database.allow_dml) },
    { id: 'allow_file_upload', header: 'File upload', sortKey: 'allow_file_upload', render: (database) => flag(database.allow_file_upload) },
    { id: 'expose_in_sqllab', header: 'Expose in SQL Lab', sortKey: 'expose_in_sqllab', render: (database) => flag(database.expose_in_sqllab) },
    { id: 'created_by', header: 'Created by', sortKey: 'created_by.first_name', render: (database) => userName(database.created_by) },
    {
      id: 'changed_on_delta_humanized',
      header: 'Last modified',
      sortKey: 'changed_on_delta_humanized',
      render: (database) => database.changed_on_delta_humanized,
    },
    ...(canWrite || canExport
      ? [
          {
            id: 'actions',
            header: 'Actions',
            render: (database: DatabaseListItem) => (
              <>
                {canExport && bundle.exportButton(database.id)}
                {canWrite && (
                  <Button $variant="link" data-testid={testIds.listActions.editDatabase} onClick={() => setEditing(database.id)}>
                    Edit
                  </Button>
                )}
                {canWrite && rowDelete.deleteButton({ id: database.id, title: database.database_name })}
              </>
            ),
          },
        ]
      : []),
  ];
  const filters: ListViewFilter[] = [
    { id: databaseListFilterIds.search, columnId: 'database_name', label: 'Search', kind: 'search' },
    { id: databaseListFilterIds.exposeInSqlLab, label: 'Expose in SQL Lab', kind: 'select', options: yesNo },
    { id: databaseListFilterIds.allowRunAsync, label: 'AQE', kind: 'select', options: yesNo },
  ];

  return (
    <ListPageLayout
      title="Databases"
      testId={testIds.databaseList.page}
      actions={
        <>
          {canWrite && bundle.importControl}
          {canUpload && (
            <>
              <Button data-testid={testIds.listActions.uploadCsv} onClick={() => setUploading('csv')}>
                Upload CSV
              </Button>
              <Button data-testid={testIds.listActions.uploadExcel} onClick={() => setUploading('excel')}>
                Upload Excel
              </Button>
              <Button data-testid={testIds.listActions.uploadColumnar} onClick={() => setUploading('columnar')}>
                Upload Columnar
              </Button>
            </>
          )}
          {canWrite && (
            <Button $variant="primary" data-testid={testIds.listActions.addDatabase} onClick={() => setEditing('new')}>
              + Database
            </Button>
          )}
        </>
      }
    >
      {editing !== null && <DatabaseConnectionModal databaseId={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {uploading !== null && <UploadDataModal initialType={uploading} onClose={() => setUploading(null)} />}
      <ListView
        columns={columns}
        filters={filters}
        rows={rows}
        count={list.data?.count ?? 0}
        rowKey={(database) => database.id}
        isLoading={list.isPending}
        pageSize={pageSize}
        state={state}
        onStateChange={setState}
        bulkDelete={canWrite ? { noun: 'databases', onDelete: onBulkDelete } : undefined}
      />
      {rowDelete.confirmModal}
    </ListPageLayout>
  );
}
