import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type JSX } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { ApiError } from '@/api/errors';
import type { AnnotationItem } from '@/api/generated/AnnotationItem';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { ConfirmDeleteModal } from '@/components/listView/ConfirmDeleteModal';
import { ListPageLayout } from '@/components/listView/ListPageLayout';
import { ListView, type ListViewColumn } from '@/components/listView/ListView';
import { defaultListPageSize } from '@/components/listView/listViewState';
import { bulkDeleteFailedMessage } from '@/components/listView/useBulkDelete';
import { useListViewUrlState } from '@/components/listView/useListViewUrlState';
import { useToasts } from '@/components/toastContext';
import { NotFoundPage } from '@/app/NotFoundPage';
import { testIds } from '@/testIds';
import { AnnotationModal } from './AnnotationModal';
import {
  annotationLayerListPagePath,
  annotationListQuery,
  bulkDeleteAnnotations,
  deleteAnnotation,
  useAnnotationLayer,
  useAnnotationList,
  useCanWriteAnnotationLayers,
} from './api';
import { displayedTime } from './annotationTimes';
import { RowActions } from './RowActions';

export const annotationListFailedMessage = 'An error occurred while fetching annotations';

/** `/annotationlayer/{id}/annotation/`: one layer's annotations, sorted and paged by the server. */
export function AnnotationListPage(): JSX.Element {
  const layerId = Number(useParams().layerId);
  return Number.isInteger(layerId) && layerId > 0 ? <AnnotationList layerId={layerId} /> : <NotFoundPage />;
}

function AnnotationList({ layerId }: { layerId: number }): JSX.Element {
  const pageSize = defaultListPageSize;
  const [state, setState] = useListViewUrlState({ sortColumn: 'short_descr', sortOrder: 'desc' });
  const layer = useAnnotationLayer(layerId);
  const list = useAnnotationList(layerId, annotationListQuery(state, pageSize));
  const rows = useMemo(() => list.data?.result ?? [], [list.data]);
  const canWrite = useCanWriteAnnotationLayers() === true;
  const queryClient = useQueryClient();
  const { addToast } = useToasts();
  const [editing, setEditing] = useState<AnnotationItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AnnotationItem | null>(null);
  const reload = (): Promise<void> => queryClient.invalidateQueries({ queryKey: queryKeys.annotationListAll(layerId) });

  useEffect(() => {
    if (list.isError) addToast('danger', annotationListFailedMessage);
  }, [list.isError, addToast]);

  async function deleteOne(annotation: AnnotationItem): Promise<void> {
    setDeleting(null);
    try {
      await deleteAnnotation(layerId, annotation.id);
      addToast('success', `Deleted: ${annotation.short_descr ?? ''}`);
    } catch (error) {
      addToast('danger', `There was an issue deleting ${annotation.short_descr ?? ''}: ${error instanceof ApiError ? error.message : String(error)}`);
    }
    await reload();
  }

  async function deleteRows(picked: readonly AnnotationItem[]): Promise<void> {
    try {
      addToast('success', await bulkDeleteAnnotations(layerId, picked.map((annotation) => annotation.id)));
    } catch (error) {
      addToast('danger', bulkDeleteFailedMessage('annotations', error instanceof ApiError ? error.message : String(error)));
    }
    await reload();
  }

  if (layer.error?.status === 404) return <NotFoundPage />;

  const columns: ListViewColumn<AnnotationItem>[] = [
    {
      id: 'short_descr',
      header: 'Name',
      sortKey: 'short_descr',
      render: (annotation) => <span data-testid={testIds.annotationLayers.annotationRowName}>{annotation.short_descr}</span>,
    },
    { id: 'long_descr', header: 'Description', render: (annotation) => annotation.long_descr ?? '' },
    { id: 'start_dttm', header: 'Start', sortKey: 'start_dttm', render: (annotation) => displayedTime(annotation.start_dttm) },
    { id: 'end_dttm', header: 'End', sortKey: 'end_dttm', render: (annotation) => displayedTime(annotation.end_dttm) },
    ...(canWrite
      ? [
          {
            id: 'actions',
            header: 'Actions',
            render: (annotation: AnnotationItem) => (
              <RowActions label={annotation.short_descr ?? ''} onEdit={() => setEditing(annotation)} onDelete={() => setDeleting(annotation)} />
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPageLayout
      title={`Annotation Layer ${layer.data?.name ?? ''}`.trim()}
      testId={testIds.annotationLayers.annotationListPage}
      actions={
        <>
          <BackLink to={annotationLayerListPagePath}>Back to all</BackLink>
          {canWrite && (
            <Button $variant="primary" data-testid={testIds.annotationLayers.addAnnotation} onClick={() => setEditing('new')}>
              + Annotation
            </Button>
          )}
        </>
      }
    >
      {layer.data?.descr !== undefined && layer.data.descr !== null && layer.data.descr !== '' && <Description>{layer.data.descr}</Description>}
      {editing !== null && (
        <AnnotationModal
          layerId={layerId}
          annotation={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
      {deleting !== null && (
        <ConfirmDeleteModal
          description={`Are you sure you want to delete ${deleting.short_descr ?? 'this annotation'}?`}
          onConfirm={() => void deleteOne(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
      <ListView
        columns={columns}
        filters={[]}
        rows={rows}
        count={list.data?.count ?? 0}
        rowKey={(annotation) => annotation.id}
        isLoading={list.isPending}
        pageSize={pageSize}
        state={state}
        onStateChange={setState}
        bulkDelete={canWrite ? { noun: 'annotations', onDelete: deleteRows } : undefined}
      />
    </ListPageLayout>
  );
}

const BackLink = styled(Link)`
  align-self: center;
`;

const Description = styled.p`
  margin: 0 0 ${({ theme }) => theme.gridUnit * 3}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;
