import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { JSX } from 'react';
import type { DatasetListItem } from '@/api/generated/DatasetListItem';
import { queryKeys } from '@/api/queryKeys';
import { ConfirmDeleteModal } from '@/components/listView/ConfirmDeleteModal';
import { useToasts } from '@/components/toastContext';
import { datasetDeletedMessage, datasetDeleteFailedMessage, deleteDataset, fetchDatasetRelatedObjects } from '@/features/datasets/api';
import { testIds } from '@/testIds';

/** Superset's question before a dataset goes, with what it breaks. */
export function deleteDatasetDescription(tableName: string, chartCount: number, dashboardCount: number): string {
  return `The dataset ${tableName} is linked to ${chartCount} charts that appear on ${dashboardCount} dashboards. Are you sure you want to continue? Deleting the dataset will break those objects.`;
}

export interface DeleteDatasetModalProps {
  dataset: DatasetListItem;
  onClose: () => void;
}

/**
 * Deleting one dataset from the list: the charts that use it (and their dashboards) are listed
 * first; 'Deleted: {title}' or 'There was an issue deleting: {title}' (spec 001 section 8).
 */
export function DeleteDatasetModal({ dataset, onClose }: DeleteDatasetModalProps): JSX.Element {
  const queryClient = useQueryClient();
  const { addToast } = useToasts();
  const related = useQuery({
    queryKey: queryKeys.datasetRelatedObjects(dataset.id),
    queryFn: ({ signal }) => fetchDatasetRelatedObjects(dataset.id, signal),
    retry: false,
  });
  const charts = related.data?.charts.result ?? [];

  async function confirm(): Promise<void> {
    onClose();
    try {
      await deleteDataset(dataset.id);
      addToast('success', datasetDeletedMessage(dataset.table_name));
    } catch {
      addToast('danger', datasetDeleteFailedMessage(dataset.table_name));
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('dataset') });
  }

  return (
    <ConfirmDeleteModal
      description={deleteDatasetDescription(dataset.table_name, related.data?.charts.count ?? 0, related.data?.dashboards.count ?? 0)}
      details={
        charts.length > 0 && (
          <ul data-testid={testIds.datasetList.deleteCharts} aria-label="Charts">
            {charts.map((chart) => (
              <li key={chart.id}>{chart.slice_name}</li>
            ))}
          </ul>
        )
      }
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
