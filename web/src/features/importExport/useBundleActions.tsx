import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type JSX } from 'react';
import { ApiError } from '@/api/errors';
import { queryKeys } from '@/api/queryKeys';
import { Button } from '@/components/Button';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import { ImportModal } from './ImportModal';
import { exportResources, type BundleResource } from './importExportApi';

/** "There was an issue exporting the selected %s: %s". */
export function exportFailedMessage(pluralLabel: string, reason: string): string {
  return `There was an issue exporting the selected ${pluralLabel}: ${reason}`;
}

/** "Dashboard imported". */
export function importedMessage(resourceLabel: string): string {
  return `${resourceLabel.charAt(0).toUpperCase()}${resourceLabel.slice(1)} imported`;
}

export interface BundleActions {
  /** The page's Import button, and the dialog while it is open. */
  importControl: JSX.Element;
  /** A row's Export action. */
  exportButton: (id: number) => JSX.Element;
  /** Exports rows picked in the bulk selection bar. */
  exportRows: (rows: readonly { id: number }[]) => Promise<void>;
}

/** Import and export for a list page: the dialog, a row action and the bulk action. */
export function useBundleActions(resource: BundleResource, resourceLabel: string, pluralLabel: string, listKey?: string): BundleActions {
  const [isImporting, setIsImporting] = useState(false);
  const { addToast } = useToasts();
  const queryClient = useQueryClient();

  const exportRows = useCallback(
    async (rows: readonly { id: number }[]) => {
      if (rows.length === 0) return;
      try {
        await exportResources(
          resource,
          rows.map((row) => row.id),
        );
      } catch (error) {
        addToast('danger', exportFailedMessage(pluralLabel, error instanceof ApiError ? error.message : String(error)));
      }
    },
    [resource, pluralLabel, addToast],
  );

  const importControl = (
    <>
      <Button $variant="primary" data-testid={testIds.importModal.openButton} onClick={() => setIsImporting(true)}>
        Import
      </Button>
      {isImporting && (
        <ImportModal
          resource={resource}
          resourceLabel={resourceLabel}
          pluralLabel={pluralLabel}
          onClose={() => setIsImporting(false)}
          onImported={() => {
            setIsImporting(false);
            addToast('success', importedMessage(resourceLabel));
            void queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll(listKey ?? resource) });
          }}
        />
      )}
    </>
  );

  const exportButton = (id: number): JSX.Element => (
    <Button $variant="link" aria-label="Export" title="Export" data-testid={testIds.importModal.rowExport} onClick={() => void exportRows([{ id }])}>
      Export
    </Button>
  );

  return { importControl, exportButton, exportRows };
}
