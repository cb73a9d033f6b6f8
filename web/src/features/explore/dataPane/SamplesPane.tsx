import { useMemo, type JSX } from 'react';
import type { DatasourceRef } from '@/api/generated/DatasourceRef';
import { samplesErrorMessage, useDatasourceSamples } from '@/features/explore/api';
import { DataPaneMessage } from './DataPaneMessage';
import { jsonResultColumns } from './jsonResultColumns';
import { QueryResultTable } from './QueryResultTable';

export const noSamplesMessage = 'No samples were returned for this dataset';

/** "Samples": the dataset's first rows, unfiltered. Mounting it (opening the tab) loads them, once per dataset. */
export function SamplesPane({ datasource }: { datasource: DatasourceRef }): JSX.Element {
  const samples = useDatasourceSamples(datasource);
  const columns = useMemo(() => (samples.data === undefined ? [] : jsonResultColumns(samples.data)), [samples.data]);

  if (samples.isPending) return <DataPaneMessage kind="loading">Loading…</DataPaneMessage>;
  if (samples.isError) {
    return (
      <DataPaneMessage kind="error">
        <p>{samplesErrorMessage(samples.error)}</p>
      </DataPaneMessage>
    );
  }
  const rowCount = samples.data.data.length;
  if (rowCount === 0) return <DataPaneMessage kind="empty">{noSamplesMessage}</DataPaneMessage>;
  return <QueryResultTable columns={columns} rowCount={rowCount} queryIndex={0} />;
}
