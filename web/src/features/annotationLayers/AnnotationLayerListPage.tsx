import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type JSX } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AnnotationLayerItem } from '@/api/generated/AnnotationLayerItem';
import type { UserRef } from '@/api/generated/UserRef';
import { queryKeys } from '@/api/queryKeys';
import { displayNameOf } from '@/api/userNames';
import { Button } from '@/components/Button';
import { ListPageLayout } from '@/components/listView/ListPageLayout';
import { ListView, type ListViewColumn, type ListViewFilter } from '@/components/listView/ListView';
import { defaultListPageSize } from '@/components/listView/listViewState';
import { useBulkDelete } from '@/components/listView/useBulkDelete';
import { useRowDelete } from '@/components/listView/useRowDelete';
import { useListViewUrlState } from '@/components/listView/useListViewUrlState';
import { useListErrorToasts } from '@/components/listView/useListErrorToasts';
import { testIds } from '@/testIds';
import { AnnotationLayerModal } from './AnnotationLayerModal';
import { annotationLayerListFilterIds, annotationLayerListQuery, annotationListPagePath, useAnnotationLayerList, useCanWriteAnnotationLayers } from './api';
import { RowActions } from './RowActions';


function userName(user: UserRef | null): string {
  return user === null ? '' : displayNameOf(user);
}

/** `/annotationlayer/list/`: the annotation layers, searched by name, sorted and paged by the server. */
export function AnnotationLayerListPage(): JSX.Element {
  const pageSize = defaultListPageSize;
  const [state, setState] = useListViewUrlState({ sortColumn: 'name', sortOrder: 'asc' });
  const list = useAnnotationLayerList(annotationLayerListQuery(state, pageSize));
  const rows = useMemo(() => list.data?.result ?? [], [list.data]);
  const canWrite = useCanWriteAnnotationLayers() === true;
  const onBulkDelete = useBulkDelete('annotation_layer', 'annotation layers');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Superset's layer list: "There was an issue deleting {name}: {error}".
  const rowDelete = useRowDelete('annotation_layer', 'titleAndError');
  // The layer dialog: closed, a new layer ('new') or the layer edited.
  const [editing, setEditing] = useState<AnnotationLayerItem | 'new' | null>(null);

  useListErrorToasts('annotation_layer', { label: 'annotation layer', plural: 'annotation layers' }, list.error);

  async function handleSaved(layerId: number): Promise<void> {
    const isNew = editing === 'new';
    setEditing(null);
    await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('annotation_layer') });
    // A new layer opens on its (empty) annotations, as Superset's does.
    if (isNew) void navigate(annotationListPagePath(layerId));
  }

  const columns: ListViewColumn<AnnotationLayerItem>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      render: (layer) => (
        <Link to={annotationListPagePath(layer.id)} data-testid={testIds.annotationLayers.nameLink}>
          {layer.name}
        </Link>
      ),
    },
    { id: 'descr', header: 'Description', render: (layer) => layer.descr ?? '' },
    {
      id: 'changed_on_delta_humanized',
      header: 'Last modified',
      sortKey: 'changed_on_delta_humanized',
      render: (layer) => layer.changed_on_delta_humanized,
    },
    { id: 'created_by', header: 'Created by', sortKey: 'created_by.first_name', render: (layer) => userName(layer.created_by) },
    ...(canWrite
      ? [{ id: 'actions', header: 'Actions', render: (layer: AnnotationLayerItem) => <RowActions label={layer.name} onEdit={() => setEditing(layer)} deleteButton={rowDelete.deleteButton({ id: layer.id, title: layer.name })} /> }]
      : []),
  ];
  const filters: ListViewFilter[] = [{ id: annotationLayerListFilterIds.search, columnId: 'name', label: 'Search', kind: 'search' }];

  return (
    <ListPageLayout
      title="Annotation layers"
      testId={testIds.annotationLayers.listPage}
      actions={
        canWrite ? (
          <Button $variant="primary" data-testid={testIds.annotationLayers.addLayer} onClick={() => setEditing('new')}>
            + Annotation Layer
          </Button>
        ) : undefined
      }
    >
      {editing !== null && (
        <AnnotationLayerModal layer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={(layerId) => void handleSaved(layerId)} />
      )}
      {rowDelete.confirmModal}
      <ListView
        columns={columns}
        filters={filters}
        rows={rows}
        count={list.data?.count ?? 0}
        rowKey={(layer) => layer.id}
        isLoading={list.isPending}
        pageSize={pageSize}
        state={state}
        onStateChange={setState}
        bulkDelete={canWrite ? { noun: 'annotation layers', onDelete: onBulkDelete } : undefined}
      />
    </ListPageLayout>
  );
}
