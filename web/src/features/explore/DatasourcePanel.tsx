import { useMemo, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { Dataset } from '@/api/generated/Dataset';
import { CertifiedBadge } from '@/components/CertifiedBadge';
import { testIds } from '@/testIds';
import { ColumnTypeIcon } from './ColumnTypeIcon';
import { ColumnWarningIcon } from './ColumnWarningIcon';
import { DatasetMenu } from './DatasetMenu';
import { setDraggedItem } from './controls/datasourceDrag';

function matches(search: string, ...texts: (string | null)[]): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || texts.some((text) => text?.toLowerCase().includes(needle) ?? false);
}

/**
 * The left panel: the dataset's name and a searchable list of its metrics and columns, each
 * draggable onto the controls (columns onto group-by, columns and filters; metrics onto metrics).
 * A column shows its type's icon, and a warning icon with its `warning_markdown` as tooltip when
 * it has one; a certified metric shows the certified mark with its tooltip.
 */
export function DatasourcePanel({ dataset, onDatasourceChange }: { dataset: Dataset; onDatasourceChange?: (datasourceKey: string) => void }): JSX.Element {
  const [search, setSearch] = useState('');
  const metrics = useMemo(
    () => dataset.metrics.filter((metric) => matches(search, metric.metric_name, metric.verbose_name)),
    [dataset.metrics, search],
  );
  const columns = useMemo(
    () => dataset.columns.filter((column) => matches(search, column.column_name, column.verbose_name)),
    [dataset.columns, search],
  );

  return (
    <Panel data-testid={testIds.explore.datasourcePanel} aria-label="Dataset">
      <DatasetHeader>
        <DatasetName data-testid={testIds.explore.datasetName} title={dataset.table_name}>
          {dataset.table_name}
        </DatasetName>
        <DatasetMenu dataset={dataset} onDatasourceChange={onDatasourceChange} />
      </DatasetHeader>
      <Search
        type="search"
        aria-label="Search Metrics & Columns"
        placeholder="Search Metrics & Columns"
        value={search}
        data-testid={testIds.explore.datasourceSearch}
        onChange={(event) => setSearch(event.target.value)}
      />
      <SectionTitle>
        Metrics <Count>{metrics.length}</Count>
      </SectionTitle>
      <List>
        {metrics.map((metric) => (
          <Item
            key={metric.id}
            draggable
            data-testid={testIds.explore.metricItem}
            data-name={metric.metric_name}
            title={metric.expression}
            onDragStart={(event) => setDraggedItem(event.dataTransfer, 'metric', metric.metric_name)}
          >
            <MetricMark role="img" aria-label="Metric">
              ƒ
            </MetricMark>
            <ItemName>{metric.verbose_name ?? metric.metric_name}</ItemName>
            {typeof metric.certified_by === 'string' && <CertifiedBadge certifiedBy={metric.certified_by} details={metric.certification_details} />}
          </Item>
        ))}
      </List>
      <SectionTitle>
        Columns <Count>{columns.length}</Count>
      </SectionTitle>
      <List>
        {columns.map((column) => (
          <Item
            key={column.id}
            draggable
            data-testid={testIds.explore.columnItem}
            data-name={column.column_name}
            title={column.type ?? undefined}
            onDragStart={(event) => setDraggedItem(event.dataTransfer, 'column', column.column_name)}
          >
            <ColumnTypeIcon column={column} />
            <ItemName>{column.verbose_name ?? column.column_name}</ItemName>
            {typeof column.warning_markdown === 'string' && <ColumnWarningIcon warningMarkdown={column.warning_markdown} />}
          </Item>
        ))}
      </List>
    </Panel>
  );
}

const Panel = styled.aside`
  display: flex;
  flex-direction: column;
  min-height: 0;
  overflow-y: auto;
  padding: ${({ theme }) => theme.gridUnit * 3}px;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const DatasetHeader = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  margin: 0 0 ${({ theme }) => theme.gridUnit * 3}px;
`;

const DatasetName = styled.h2`
  flex: 1;
  min-width: 0;
  margin: 0;
  overflow: hidden;
  font-size: ${({ theme }) => theme.fontSizes.m}px;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Search = styled.input`
  height: 32px;
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const SectionTitle = styled.h3`
  display: flex;
  justify-content: space-between;
  margin: ${({ theme }) => theme.gridUnit * 4}px 0 ${({ theme }) => theme.gridUnit}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  font-weight: 600;
`;

const Count = styled.span`
  font-weight: 400;
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  padding: ${({ theme }) => theme.gridUnit}px 0;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  white-space: nowrap;
  cursor: grab;
`;

const ItemName = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const MetricMark = styled.span`
  display: inline-flex;
  justify-content: center;
  min-width: 28px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-style: italic;
`;
