import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { Dataset } from '@/api/generated/Dataset';
import type { DatasetListItem } from '@/api/generated/DatasetListItem';
import { Button } from '@/components/Button';
import { TableEmptyState } from '@/components/EmptyState';
import { useResourceList } from '@/components/listView/resourceListApi';
import { OwnerAvatars } from '@/components/listView/OwnerAvatars';
import { Modal } from '@/components/Modal';
import { Pagination } from '@/components/pagination/Pagination';
import { slowSearchDebounceMs } from '@/components/selectLimits';
import { useToasts } from '@/components/toastContext';
import { useDebouncedValue } from '@/components/useDebouncedValue';
import { testIds } from '@/testIds';
import { WarningBox } from './editor/editorLayout';
import { datasetChangedMessage, fetchDataset, swapDatasetPageSize, swapDatasetQuery, swapDatasetTitle, swapDatasetWarning } from './api';

/** Spec 001 section 9: the swap dialog's content height, and its width in the confirmation. */
export const swapDatasetHeightPx = 540;
export const swapDatasetConfirmWidthPx = 432;

/** The dataset the swap loaded: its type is `table`, its key `{id}__table` (spec 001 section 4). */
export interface SwappedDataset {
  dataset: Dataset & { type: 'table' };
  datasourceKey: string;
}

export interface ChangeDatasetModalProps {
  onChange: (swapped: SwappedDataset) => void;
  onClose: () => void;
}

/**
 * 'Swap dataset' (spec 001 sections 2 and 4): a search box (table name contains, debounced) over
 * a paged table of datasets; choosing one asks to confirm with a warning; Proceed loads it, tells
 * the caller, closes and says 'Successfully changed dataset!'.
 */
export function ChangeDatasetModal({ onChange, onClose }: ChangeDatasetModalProps): JSX.Element {
  const { addToast } = useToasts();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, slowSearchDebounceMs);
  const [pageIndex, setPageIndex] = useState(0);
  const [chosen, setChosen] = useState<DatasetListItem | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useResourceList<DatasetListItem>('dataset', swapDatasetQuery(debouncedSearch, pageIndex));
  const count = list.data?.count ?? 0;
  const rows = list.data?.result ?? [];

  async function proceed(item: DatasetListItem): Promise<void> {
    setIsLoading(true);
    setFailure(null);
    try {
      const dataset = await fetchDataset(item.id);
      onChange({ dataset: { ...dataset, type: 'table' }, datasourceKey: `${dataset.id}__table` });
      onClose();
      addToast('success', datasetChangedMessage);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setIsLoading(false);
    }
  }

  if (chosen !== null) {
    return (
      <Modal
        title={swapDatasetTitle}
        width={swapDatasetConfirmWidthPx}
        testId={testIds.swapDataset.confirm}
        onClose={onClose}
        footer={
          <>
            <Button data-testid={testIds.swapDataset.cancel} onClick={() => setChosen(null)}>
              Cancel
            </Button>
            <Button $variant="primary" data-testid={testIds.swapDataset.proceed} disabled={isLoading} onClick={() => void proceed(chosen)}>
              Proceed
            </Button>
          </>
        }
      >
        <WarningBox role="alert">
          <strong>Warning!</strong> {swapDatasetWarning}
        </WarningBox>
        {failure !== null && <Failure>{failure}</Failure>}
      </Modal>
    );
  }

  return (
    <Modal title={swapDatasetTitle} testId={testIds.swapDataset.dialog} contentHeight={swapDatasetHeightPx} onClose={onClose}>
      <Content>
        <SearchInput
          aria-label="Search / Filter"
          placeholder="Search / Filter"
          data-testid={testIds.swapDataset.search}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPageIndex(0);
          }}
        />
        <Table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Type</th>
              <th>Schema</th>
              <th>Connection</th>
              <th>Owners</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((item) => (
              <tr key={item.id} data-testid={testIds.swapDataset.row}>
                <td>
                  <Button $variant="link" data-testid={testIds.swapDataset.rowName} onClick={() => setChosen(item)}>
                    {item.table_name}
                  </Button>
                </td>
                <td>{item.kind}</td>
                <td>{item.schema ?? ''}</td>
                <td>{item.database.database_name}</td>
                <td>
                  <OwnerAvatars owners={item.owners} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        {list.isSuccess && rows.length === 0 && <TableEmptyState />}
        {list.isError && <Failure>{errorMessage(list.error)}</Failure>}
        {count > swapDatasetPageSize && (
          <Pagination
            pageIndex={pageIndex}
            pageSize={swapDatasetPageSize}
            count={count}
            onPageChange={setPageIndex}
            testIds={{ previous: testIds.swapDataset.previousPage, next: testIds.swapDataset.nextPage, rangeText: testIds.swapDataset.pageInfo }}
          />
        )}
      </Content>
    </Modal>
  );
}

const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const SearchInput = styled.input`
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;

  th,
  td {
    padding: ${({ theme }) => theme.gridUnit}px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Failure = styled.p`
  color: ${({ theme }) => theme.colors.error.base};
`;
