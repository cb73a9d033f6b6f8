import type { JSX } from 'react';
import styled from 'styled-components';
import type { ChartResultsState } from './chartResultsState';
import { DataPaneMessage } from './DataPaneMessage';
import { noResultsMessage, SingleQueryResult } from './SingleQueryResult';

export const resultsIdleMessage = 'Run a query to display results';

/**
 * "Results": the rows of the chart's last run exactly as the chart received them (post-processed in
 * the browser), one table per query. Nothing is fetched here.
 */
export function ResultsPane({ state }: { state: ChartResultsState }): JSX.Element {
  switch (state.status) {
    case 'idle':
      return <DataPaneMessage kind="idle">{resultsIdleMessage}</DataPaneMessage>;
    case 'loading':
      return <DataPaneMessage kind="loading">Loading…</DataPaneMessage>;
    case 'error':
      return (
        <DataPaneMessage kind="error">
          {state.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </DataPaneMessage>
      );
    case 'success':
      if (state.results.length === 0) return <DataPaneMessage kind="empty">{noResultsMessage}</DataPaneMessage>;
      return (
        <Queries>
          {state.results.map((result, queryIndex) => (
            <SingleQueryResult key={queryIndex} result={result} queryIndex={queryIndex} queryCount={state.results.length} />
          ))}
        </Queries>
      );
  }
}

const Queries = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-height: 0;
`;
