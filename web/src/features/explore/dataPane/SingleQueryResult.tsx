import { useMemo, type JSX } from 'react';
import type { ChartDataArrowResult } from '@/api/chartData';
import { readChartColumns } from '@/features/chart/chartColumns';
import { DataPaneMessage } from './DataPaneMessage';
import { QueryResultTable } from './QueryResultTable';

export const noResultsMessage = 'No results were returned for this query';

export interface SingleQueryResultProps {
  result: ChartDataArrowResult;
  queryIndex: number;
  queryCount: number;
}

/** One query's rows in "Results" (titled "Query N" when the chart has several), or its error. */
export function SingleQueryResult({ result, queryIndex, queryCount }: SingleQueryResultProps): JSX.Element {
  const columns = useMemo(() => readChartColumns(result), [result]);
  const title = queryCount > 1 ? `Query ${queryIndex + 1}` : undefined;
  if (result.meta.error !== null) {
    return (
      <DataPaneMessage kind="error">
        {title !== undefined && <p>{title}</p>}
        <p>{result.meta.error}</p>
      </DataPaneMessage>
    );
  }
  if (result.table.numRows === 0) return <DataPaneMessage kind="empty">{noResultsMessage}</DataPaneMessage>;
  return <QueryResultTable columns={columns} rowCount={result.table.numRows} queryIndex={queryIndex} title={title} />;
}
