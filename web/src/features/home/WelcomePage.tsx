import type { JSX } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { testIds } from '@/testIds';
import { explorePathForDataset, useDatasets } from './api';

/** `/superset/welcome/`: a placeholder home listing the datasets to explore. */
export function WelcomePage(): JSX.Element {
  const datasets = useDatasets();

  return (
    <Page>
      <h1>Welcome</h1>
      <h2>Datasets</h2>
      {datasets.isPending && <Muted>Loading…</Muted>}
      {datasets.isError && <Muted role="alert">{errorMessage(datasets.error)}</Muted>}
      {datasets.data?.result.length === 0 && <Muted>No Data</Muted>}
      {datasets.data !== undefined && datasets.data.result.length > 0 && (
        <List data-testid={testIds.home.datasetList}>
          {datasets.data.result.map((dataset) => (
            <li key={dataset.id}>
              <Link to={explorePathForDataset(dataset.id)} data-testid={testIds.home.datasetLink}>
                {dataset.table_name}
              </Link>
            </li>
          ))}
        </List>
      )}
    </Page>
  );
}

const Page = styled.main`
  padding: ${({ theme }) => `${theme.gridUnit * 4}px ${theme.gridUnit * 8}px`};
  overflow: auto;
  height: 100%;

  h1 {
    font-size: ${({ theme }) => theme.fontSizes.xxl}px;
  }

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.l}px;
  }
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding-left: ${({ theme }) => theme.gridUnit * 5}px;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
