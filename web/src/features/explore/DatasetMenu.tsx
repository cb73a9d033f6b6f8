import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type JSX } from 'react';
import { useNavigate } from 'react-router';
import type { Dataset } from '@/api/generated/Dataset';
import type { ExploreResponse } from '@/api/generated/ExploreResponse';
import { queryKeys } from '@/api/queryKeys';
import { DropdownMenuAnchor, DropdownMenuButton, DropdownMenuItem, DropdownMenuList } from '@/components/DropdownMenu';
import { useCloseOnOutside } from '@/components/useCloseOnOutside';
import { useCurrentUser } from '@/features/auth/api';
import { isAdmin, useMyRoles } from '@/features/dashboard/api';
import { fetchDataset } from '@/features/datasets/api';
import { ChangeDatasetModal, type SwappedDataset } from '@/features/datasets/ChangeDatasetModal';
import { EditDatasetModal } from '@/features/datasets/EditDatasetModal';
import { sqlLabDatasourceLink } from '@/features/sqllab/requestedQuery';
import { testIds } from '@/testIds';

export const editDatasetLabel = 'Edit dataset';
export const swapDatasetLabel = 'Swap dataset';
export const viewInSqlLabLabel = 'View in SQL Lab';
/** Superset's tooltip of the disabled 'Edit dataset'. */
export const editDatasetOwnersOnlyTooltip =
  'You must be a dataset owner in order to edit. Please reach out to a dataset owner to request modifications or edit access.';

export interface DatasetMenuProps {
  dataset: Dataset;
  /** Told the new datasource key (`{id}__table`) after a swap: the form data moves to it. */
  onDatasourceChange?: (datasourceKey: string) => void;
}

/**
 * Explore's dataset menu (Superset's datasource menu): 'Edit dataset' opens the dataset editor
 * for its owners and admins (disabled with Superset's tooltip for others), and once saved Explore
 * reads the dataset again; 'Swap dataset' puts another dataset under the chart; 'View in SQL Lab'
 * opens a tab on its database with a virtual dataset's SQL.
 */
export function DatasetMenu({ dataset, onDatasourceChange }: DatasetMenuProps): JSX.Element {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser();
  const roles = useMyRoles();
  const [isOpen, setIsOpen] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const [isSwapping, setIsSwapping] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setIsOpen(false), []);
  useCloseOnOutside(menuRef, isOpen, closeMenu);
  const userId = currentUser.data?.id;
  const canEdit = isAdmin(roles.data) || (userId !== undefined && dataset.owners.some((owner) => owner.id === userId));

  /** `next` replaces this dataset in every Explore state showing it. */
  function showDataset(next: Dataset): void {
    queryClient.setQueriesData<ExploreResponse>({ queryKey: queryKeys.exploreAll }, (explore) =>
      explore?.dataset.id === dataset.id ? { ...explore, dataset: next } : explore,
    );
  }

  /** The saved dataset shows at once: new metrics and columns appear. */
  async function readSavedDataset(): Promise<void> {
    showDataset(await fetchDataset(dataset.id));
  }

  function swapDataset({ dataset: next, datasourceKey }: SwappedDataset): void {
    showDataset(next);
    onDatasourceChange?.(datasourceKey);
  }

  return (
    <DropdownMenuAnchor ref={menuRef}>
      <DropdownMenuButton
        aria-label="Dataset actions"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        data-testid={testIds.explore.datasetMenuButton}
        onClick={() => setIsOpen((open) => !open)}
      >
        ⋮
      </DropdownMenuButton>
      {isOpen && (
        <DropdownMenuList role="menu" data-testid={testIds.explore.datasetMenu}>
          <DropdownMenuItem
            disabled={!canEdit}
            title={canEdit ? undefined : editDatasetOwnersOnlyTooltip}
            data-testid={testIds.explore.editDataset}
            onClick={() => {
              setIsOpen(false);
              setIsEditing(true);
            }}
          >
            {editDatasetLabel}
          </DropdownMenuItem>
          <DropdownMenuItem
            data-testid={testIds.explore.swapDataset}
            onClick={() => {
              setIsOpen(false);
              setIsSwapping(true);
            }}
          >
            {swapDatasetLabel}
          </DropdownMenuItem>
          <DropdownMenuItem
            data-testid={testIds.explore.viewDatasetInSqlLab}
            onClick={() => void navigate(sqlLabDatasourceLink(`${dataset.id}__table`, dataset.sql ?? ''))}
          >
            {viewInSqlLabLabel}
          </DropdownMenuItem>
        </DropdownMenuList>
      )}
      {isSwapping && <ChangeDatasetModal onChange={swapDataset} onClose={() => setIsSwapping(false)} />}
      {isEditing && <EditDatasetModal datasetId={dataset.id} onClose={() => setIsEditing(false)} onSaved={() => void readSavedDataset()} />}
    </DropdownMenuAnchor>
  );
}
