import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type JSX } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DatasetListItem } from '@/api/generated/DatasetListItem';
import { queryKeys } from '@/api/queryKeys';
import { useResourcePermission } from '@/api/resourcePermissions';
import { CardDetail, CardFooter, CardTitle, ListPageLayout } from '@/components/listView/ListPageLayout';
import { ListView, type CardSortOption, type ListViewColumn, type ListViewFilter } from '@/components/listView/ListView';
import { defaultListPageSize } from '@/components/listView/listViewState';
import { OwnerAvatars } from '@/components/listView/OwnerAvatars';
import { useRelatedOptions } from '@/components/listView/resourceListApi';
import { useBulkDelete } from '@/components/listView/useBulkDelete';
import { useListViewUrlState } from '@/components/listView/useListViewUrlState';
import { Button } from '@/components/Button';
import { useListErrorToasts } from '@/components/listView/useListErrorToasts';
import { EditDatasetModal } from '@/features/datasets/EditDatasetModal';
import { useBundleActions } from '@/features/importExport/useBundleActions';
import { useTagNames } from '@/features/tags/api';
import { testIds } from '@/testIds';
import { datasetListFilterIds, datasetListQuery, useDatasetList } from './api';
import { DeleteDatasetModal } from './DeleteDatasetModal';


export const datasetCardSortOptions: readonly CardSortOption[] = [
  { label: 'Alphabetical', sortColumn: 'table_name', sortOrder: 'asc' },
  { label: 'Recently modified', sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc' },
  { label: 'Least recently modified', sortColumn: 'changed_on_delta_humanized', sortOrder: 'asc' },
];

function kindLabel(dataset: DatasetListItem): string {
  return dataset.kind === 'virtual' ? 'Virtual' : 'Physical';
}

/** `/tablemodelview/list/`: every dataset the user may read, filtered, sorted and paged by the server. */
export function DatasetListPage(): JSX.Element {
  const navigate = useNavigate();
  const pageSize = defaultListPageSize;
  const [state, setState] = useListViewUrlState({ sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc' });
  const list = useDatasetList(datasetListQuery(state, pageSize));
  const databases = useRelatedOptions('dataset', 'related', 'database');
  const schemas = useRelatedOptions('dataset', 'distinct', 'schema');
  const owners = useRelatedOptions('dataset', 'related', 'owners');
  const tagNames = useTagNames();
  const rows = useMemo(() => list.data?.result ?? [], [list.data]);
  const onBulkDelete = useBulkDelete('dataset', 'datasets');
  const queryClient = useQueryClient();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<DatasetListItem | null>(null);

  useListErrorToasts('dataset', { label: 'dataset', plural: 'datasets' }, list.error);

  const nameLink = (dataset: DatasetListItem): JSX.Element => (
    <Link to={dataset.explore_url} data-testid={testIds.datasetList.nameLink}>
      {dataset.table_name}
    </Link>
  );
  const bundle = useBundleActions('dataset', 'dataset', 'datasets');
  // Spec 001 section 6: `_info` decides the writes (add, import, edit, delete, tag) and the exports offered.
  const canWrite = useResourcePermission('dataset', 'can_write') === true;
  const canExport = useResourcePermission('dataset', 'can_export') === true;
  const columns: ListViewColumn<DatasetListItem>[] = [
    { id: 'table_name', header: 'Name', sortKey: 'table_name', render: nameLink },
    { id: 'kind', header: 'Type', render: kindLabel },
    { id: 'database', header: 'Database', sortKey: 'database.database_name', render: (dataset) => dataset.database.database_name },
    { id: 'schema', header: 'Schema', sortKey: 'schema', render: (dataset) => dataset.schema ?? '' },
    { id: 'owners', header: 'Owners', render: (dataset) => <OwnerAvatars owners={dataset.owners} /> },
    // Filter-only columns (Superset's hidden columns).
    { id: 'tag', header: 'Tags', render: () => null, hidden: true },
    { id: 'certified', header: 'Certified', render: () => null, hidden: true },
    {
      id: 'changed_on_delta_humanized',
      header: 'Last modified',
      sortKey: 'changed_on_delta_humanized',
      render: (dataset) => dataset.changed_on_delta_humanized,
    },
    ...(canWrite || canExport
      ? [
          {
            id: 'actions',
            header: 'Actions',
            render: (dataset: DatasetListItem) => (
              <>
                {canExport && bundle.exportButton(dataset.id)}
                {canWrite && (
                  <>
                    <Button $variant="link" data-testid={testIds.listActions.editDataset} onClick={() => setEditingId(dataset.id)}>
                      Edit
                    </Button>
                    <Button $variant="link" data-testid={testIds.datasetList.deleteButton} onClick={() => setDeleting(dataset)}>
                      Delete
                    </Button>
                  </>
                )}
              </>
            ),
          },
        ]
      : []),
  ];
  const filters: ListViewFilter[] = [
    { id: datasetListFilterIds.search, columnId: 'table_name', label: 'Search', kind: 'search' },
    {
      id: datasetListFilterIds.kind,
      label: 'Type',
      kind: 'select',
      options: [
        { value: 'physical', label: 'Physical' },
        { value: 'virtual', label: 'Virtual' },
      ],
    },
    { id: datasetListFilterIds.database, label: 'Database', kind: 'select', options: databases.data ?? [] },
    { id: datasetListFilterIds.schema, label: 'Schema', kind: 'select', options: schemas.data ?? [] },
    { id: datasetListFilterIds.owner, columnId: 'owners', label: 'Owner', kind: 'select', options: owners.data ?? [] },
    { id: datasetListFilterIds.tag, label: 'Tag', kind: 'select', options: (tagNames.data ?? []).map((name) => ({ value: name, label: name })) },
    {
      id: datasetListFilterIds.certified,
      label: 'Certified',
      kind: 'select',
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    },
  ];

  return (
    <ListPageLayout
      title="Datasets"
      testId={testIds.datasetList.page}
      actions={
        canWrite ? (
          <>
            {bundle.importControl}
            <Link to="/dataset/add/" data-testid={testIds.listActions.addDataset}>
              + Dataset
            </Link>
          </>
        ) : undefined
      }
    >
      {editingId !== null && <EditDatasetModal datasetId={editingId} onClose={() => setEditingId(null)} />}
      {deleting !== null && <DeleteDatasetModal dataset={deleting} onClose={() => setDeleting(null)} />}
      <ListView
        columns={columns}
        filters={filters}
        rows={rows}
        count={list.data?.count ?? 0}
        rowKey={(dataset) => dataset.id}
        isLoading={list.isPending}
        pageSize={pageSize}
        state={state}
        onStateChange={setState}
        card={{
          sortOptions: datasetCardSortOptions,
          render: (dataset) => (
            <>
              <CardTitle>{nameLink(dataset)}</CardTitle>
              <CardDetail>{`${kindLabel(dataset)} · ${dataset.database.database_name}${dataset.schema !== null ? ` · ${dataset.schema}` : ''}`}</CardDetail>
              <CardFooter>
                <CardDetail>{`Modified ${dataset.changed_on_delta_humanized}`}</CardDetail>
                <OwnerAvatars owners={dataset.owners} />
              </CardFooter>
            </>
          ),
        }}
        bulkDelete={canWrite ? { noun: 'datasets', onDelete: onBulkDelete } : undefined}
        // The dataset list answer carries no tags, so the rows show no chips; the Tag filter finds tagged datasets.
        bulkTag={
          canWrite ? { resourceName: 'dataset', onTagged: () => void queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('dataset') }) } : undefined
        }
        bulkExport={canExport ? bundle.exportRows : undefined}
        emptyStateAction={canWrite ? { label: '+ Dataset', onClick: () => void navigate('/dataset/add/') } : undefined}
      />
    </ListPageLayout>
  );
}
