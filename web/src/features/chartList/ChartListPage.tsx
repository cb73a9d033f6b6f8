import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type JSX } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ChartListItem } from '@/api/generated/ChartListItem';
import type { UserRef } from '@/api/generated/UserRef';
import { queryKeys } from '@/api/queryKeys';
import { ListView, type ListViewColumn, type ListViewFilter } from '@/components/listView/ListView';
import { defaultListPageSize } from '@/components/listView/listViewState';
import { useListViewUrlState } from '@/components/listView/useListViewUrlState';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import { chartListFilterIds, chartListQuery, saveChartFavorite, useChartFavoriteStatus, useChartList, useChartVizTypes } from './api';

/** A dashboard cell shows at most this many links, then "+ %s more" (spec 000 section 2). */
export const maxDashboardLinks = 20;
const maxOwnerAvatars = 4;
export const chartFavoriteFailedMessage = 'There was an issue favoriting this chart.';
export const chartListFailedMessage = 'An error occurred while fetching charts';

export function initials(user: UserRef): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

function FavoriteStar({ chart, isStarred }: { chart: ChartListItem; isStarred: boolean }): JSX.Element {
  const queryClient = useQueryClient();
  const { addToast } = useToasts();
  const [isSaving, setIsSaving] = useState(false);
  const toggle = async (): Promise<void> => {
    setIsSaving(true);
    try {
      await saveChartFavorite(chart.id, !isStarred);
      await queryClient.invalidateQueries({ queryKey: queryKeys.chartListAll });
    } catch {
      addToast('danger', chartFavoriteFailedMessage);
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Star
      type="button"
      aria-pressed={isStarred}
      aria-label={isStarred ? 'Unfavorite' : 'Favorite'}
      title={isStarred ? 'Click to unfavorite' : 'Click to favorite'}
      disabled={isSaving}
      data-testid={testIds.chartList.favoriteStar}
      $isStarred={isStarred}
      onClick={() => void toggle()}
    >
      {isStarred ? '★' : '☆'}
    </Star>
  );
}

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

function Owners({ owners }: { owners: readonly UserRef[] }): JSX.Element {
  return (
    <Inline>
      {owners.slice(0, maxOwnerAvatars).map((owner) => (
        <Avatar key={String(owner.id)} title={`${owner.first_name} ${owner.last_name}`.trim()}>
          {initials(owner)}
        </Avatar>
      ))}
    </Inline>
  );
}

/** `/chart/list/`: every chart the user can see, filtered, sorted and paged by the server. */
export function ChartListPage(): JSX.Element {
  const pageSize = defaultListPageSize;
  const [state, setState] = useListViewUrlState({ sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc' });
  const q = chartListQuery(state, pageSize);
  const list = useChartList(q);
  const vizTypes = useChartVizTypes();
  const rows = useMemo(() => list.data?.result ?? [], [list.data]);
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);
  const favorites = useChartFavoriteStatus(ids);
  const { addToast } = useToasts();

  useEffect(() => {
    if (list.isError) addToast('danger', chartListFailedMessage);
  }, [list.isError, addToast]);

  const columns: ListViewColumn<ChartListItem>[] = [
    {
      id: 'favorite',
      header: '',
      render: (chart) => <FavoriteStar chart={chart} isStarred={favorites.data?.get(chart.id) ?? chart.is_favorite} />,
    },
    {
      id: 'slice_name',
      header: 'Name',
      sortKey: 'slice_name',
      render: (chart) => (
        <Link to={chart.url} data-testid={testIds.chartList.nameLink}>
          {chart.slice_name}
        </Link>
      ),
    },
    { id: 'viz_type', header: 'Type', sortKey: 'viz_type', render: (chart) => chart.viz_type },
    {
      id: 'datasource_name',
      header: 'Dataset',
      sortKey: 'datasource_name',
      render: (chart) =>
        chart.datasource_url !== null ? <Link to={chart.datasource_url}>{chart.datasource_name_text}</Link> : (chart.datasource_name_text ?? ''),
    },
    { id: 'dashboards', header: 'On dashboards', render: (chart) => <DashboardLinks chart={chart} /> },
    { id: 'owners', header: 'Owners', render: (chart) => <Owners owners={chart.owners} /> },
    {
      id: 'changed_on_delta_humanized',
      header: 'Last modified',
      sortKey: 'changed_on_delta_humanized',
      render: (chart) => chart.changed_on_delta_humanized,
    },
  ];
  const filters: ListViewFilter[] = [
    { id: chartListFilterIds.search, label: 'Search', kind: 'search' },
    {
      id: chartListFilterIds.vizType,
      label: 'Type',
      kind: 'select',
      options: (vizTypes.data ?? []).map((vizType) => ({ value: vizType, label: vizType })),
    },
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
    <Page data-testid={testIds.chartList.page}>
      <Title>Charts</Title>
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
      />
    </Page>
  );
}

const Page = styled.main`
  padding: ${({ theme }) => theme.gridUnit * 4}px;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xl}px;
`;

const Inline = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 24px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary.base};
  color: ${({ theme }) => theme.colors.textOnPrimary};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
  font-weight: 600;
`;

const Star = styled.button<{ $isStarred: boolean }>`
  border: none;
  background: none;
  cursor: pointer;
  font-size: ${({ theme }) => theme.fontSizes.l}px;
  color: ${({ theme, $isStarred }) => ($isStarred ? theme.colors.warning.base : theme.colors.textMuted)};
`;
