import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type JSX } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ChartListItem } from '@/api/generated/ChartListItem';
import { queryKeys } from '@/api/queryKeys';
import { useResourcePermission } from '@/api/resourcePermissions';
import { FavoriteStar } from '@/components/listView/FavoriteStar';
import { CardDetail, CardFooter, CardTitle, ListPageLayout } from '@/components/listView/ListPageLayout';
import { ListView, type CardSortOption, type ListViewColumn, type ListViewFilter } from '@/components/listView/ListView';
import { defaultListPageSize } from '@/components/listView/listViewState';
import { OwnerAvatars } from '@/components/listView/OwnerAvatars';
import { saveFavorite, useFavoriteStatus, useRelatedOptions } from '@/components/listView/resourceListApi';
import { useBulkDelete } from '@/components/listView/useBulkDelete';
import { useRowDelete } from '@/components/listView/useRowDelete';
import { TagChips } from '@/components/listView/TagChips';
import { useListViewUrlState } from '@/components/listView/useListViewUrlState';
import { useErrorToast, useListErrorToasts } from '@/components/listView/useListErrorToasts';
import { favoriteStatusFetchFailedMessage } from '@/components/listView/resourceMessages';
import { useTagNames } from '@/features/tags/api';
import { useBundleActions } from '@/features/importExport/useBundleActions';
import { testIds } from '@/testIds';
import { chartListFilterIds, chartListQuery, useChartList, useChartVizTypes } from './api';

/** A dashboard cell shows at most this many links, then "+ %s more" (spec 000 section 2). */
export const maxDashboardLinks = 20;

export const chartCardSortOptions: readonly CardSortOption[] = [
  { label: 'Alphabetical', sortColumn: 'slice_name', sortOrder: 'asc' },
  { label: 'Recently modified', sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc' },
  { label: 'Least recently modified', sortColumn: 'changed_on_delta_humanized', sortOrder: 'asc' },
];

function DashboardLinks({ chart }: { chart: ChartListItem }): JSX.Element {
  const shown = chart.dashboards.slice(0, maxDashboardLinks);
  const more = chart.dashboards.length - shown.length;
  return (
    <Inline>
      {shown.map((dashboard) => (
        <Link key={dashboard.id} to={`/superset/dashboard/${dashboard.id}/`}>
          {dashboard.dashboard_title}
        </Link>
      ))}
      {more > 0 && <span>{`+ ${more} more`}</span>}
    </Inline>
  );
}

/** `/chart/list/`: every chart the user can see, filtered, sorted and paged by the server. */
export function ChartListPage(): JSX.Element {
  const pageSize = defaultListPageSize;
  const [state, setState] = useListViewUrlState({ sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc' });
  const list = useChartList(chartListQuery(state, pageSize));
  const vizTypes = useChartVizTypes();
  const owners = useRelatedOptions('chart', 'related', 'owners');
  const tagNames = useTagNames();
  const rows = useMemo(() => list.data?.result ?? [], [list.data]);
  const favorites = useFavoriteStatus(
    'chart',
    useMemo(() => rows.map((row) => row.id), [rows]),
  );
  const queryClient = useQueryClient();
  const onBulkDelete = useBulkDelete('chart', 'charts');
  // Superset's chart delete names only the chart when it fails.
  const rowDelete = useRowDelete('chart', 'title');
  // Spec 001 section 6: `_info` decides the writes (import, delete, tag) and the exports offered.
  const canWrite = useResourcePermission('chart', 'can_write') === true;
  const canExport = useResourcePermission('chart', 'can_export') === true;

  useListErrorToasts('chart', { label: 'chart', plural: 'charts' }, list.error);
  useErrorToast(favorites.error, favorites.error === null ? null : favoriteStatusFetchFailedMessage(favorites.error.message));

  const star = (chart: ChartListItem): JSX.Element => (
    <FavoriteStar
      isStarred={favorites.data?.get(chart.id) ?? chart.is_favorite}
      testId={testIds.chartList.favoriteStar}
      onToggle={async (isStarred) => {
        await saveFavorite('chart', chart.id, isStarred);
        await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('chart') });
      }}
    />
  );
  const nameLink = (chart: ChartListItem): JSX.Element => (
    <Link to={chart.url} data-testid={testIds.chartList.nameLink}>
      {chart.slice_name}
    </Link>
  );
  const bundle = useBundleActions('chart', 'chart', 'charts');
  const columns: ListViewColumn<ChartListItem>[] = [
    { id: 'favorite', header: '', render: star },
    { id: 'slice_name', header: 'Name', sortKey: 'slice_name', render: nameLink },
    { id: 'viz_type', header: 'Type', sortKey: 'viz_type', render: (chart) => chart.viz_type },
    {
      id: 'datasource_name',
      header: 'Dataset',
      sortKey: 'datasource_name',
      render: (chart) =>
        chart.datasource_url !== null ? <Link to={chart.datasource_url}>{chart.datasource_name_text}</Link> : (chart.datasource_name_text ?? ''),
    },
    { id: 'dashboards', header: 'On dashboards', render: (chart) => <DashboardLinks chart={chart} /> },
    { id: 'tags', header: 'Tags', render: (chart) => <TagChips tags={chart.tags} /> },
    { id: 'owners', header: 'Owners', render: (chart) => <OwnerAvatars owners={chart.owners} /> },
    {
      id: 'changed_on_delta_humanized',
      header: 'Last modified',
      sortKey: 'changed_on_delta_humanized',
      render: (chart) => chart.changed_on_delta_humanized,
    },
    ...(canWrite || canExport
      ? [
          {
            id: 'actions',
            header: 'Actions',
            render: (row: ChartListItem) => (
              <Inline>
                {canWrite && rowDelete.deleteButton({ id: row.id, title: row.slice_name })}
                {canExport && bundle.exportButton(row.id)}
              </Inline>
            ),
          },
        ]
      : []),
  ];
  const filters: ListViewFilter[] = [
    { id: chartListFilterIds.search, columnId: 'slice_name', label: 'Search', kind: 'search' },
    {
      id: chartListFilterIds.vizType,
      label: 'Type',
      kind: 'select',
      options: (vizTypes.data ?? []).map((vizType) => ({ value: vizType, label: vizType })),
    },
    { id: chartListFilterIds.owner, columnId: 'owners', label: 'Owner', kind: 'select', options: owners.data ?? [] },
    { id: chartListFilterIds.tag, columnId: 'tags', label: 'Tag', kind: 'select', options: (tagNames.data ?? []).map((name) => ({ value: name, label: name })) },
    {
      id: chartListFilterIds.favorite,
      label: 'Favorite',
      kind: 'select',
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    },
  ];

  return (
    <ListPageLayout title="Charts" testId={testIds.chartList.page} actions={canWrite ? bundle.importControl : undefined}>
      <ListView
        columns={columns}
        filters={filters}
        rows={rows}
        count={list.data?.count ?? 0}
        rowKey={(chart) => chart.id}
        isLoading={list.isPending}
        pageSize={pageSize}
        state={state}
        onStateChange={setState}
        card={{
          sortOptions: chartCardSortOptions,
          render: (chart) => (
            <>
              <CardTitle>
                {star(chart)}
                {nameLink(chart)}
              </CardTitle>
              <CardDetail>{chart.viz_type}</CardDetail>
              <CardDetail>{chart.datasource_name_text}</CardDetail>
              <TagChips tags={chart.tags} />
              <CardFooter>
                <CardDetail>{`Modified ${chart.changed_on_delta_humanized}`}</CardDetail>
                <OwnerAvatars owners={chart.owners} />
              </CardFooter>
            </>
          ),
        }}
        bulkDelete={canWrite ? { noun: 'charts', onDelete: onBulkDelete } : undefined}
        bulkTag={
          canWrite ? { resourceName: 'chart', onTagged: () => void queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('chart') }) } : undefined
        }
        bulkExport={canExport ? bundle.exportRows : undefined}
      />
      {rowDelete.confirmModal}
    </ListPageLayout>
  );
}

const Inline = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;
