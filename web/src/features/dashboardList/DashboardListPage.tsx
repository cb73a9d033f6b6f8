import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type JSX } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DashboardListItem } from '@/api/generated/DashboardListItem';
import { queryKeys } from '@/api/queryKeys';
import { useResourcePermission } from '@/api/resourcePermissions';
import { Button } from '@/components/Button';
import { FavoriteStar } from '@/components/listView/FavoriteStar';
import { CardDetail, CardFooter, CardTitle, ListPageLayout, RowActionsBox } from '@/components/listView/ListPageLayout';
import { ListView, type CardSortOption, type ListViewColumn, type ListViewFilter } from '@/components/listView/ListView';
import { defaultListPageSize } from '@/components/listView/listViewState';
import { OwnerAvatars } from '@/components/listView/OwnerAvatars';
import { saveFavorite, useFavoriteStatus, useRelatedOptions } from '@/components/listView/resourceListApi';
import { TagChips } from '@/components/listView/TagChips';
import { useTagNames } from '@/features/tags/api';
import { useBulkDelete } from '@/components/listView/useBulkDelete';
import { useRowDelete } from '@/components/listView/useRowDelete';
import { useListViewUrlState } from '@/components/listView/useListViewUrlState';
import { useErrorToast, useListErrorToasts } from '@/components/listView/useListErrorToasts';
import { favoriteStatusFetchFailedMessage } from '@/components/listView/resourceMessages';
import { useBundleActions } from '@/features/importExport/useBundleActions';
import { testIds } from '@/testIds';
import { newDashboardPath } from '@/features/dashboard/NewDashboardPage';
import { dashboardListFilterIds, dashboardListQuery, useDashboardList } from './api';


export const dashboardCardSortOptions: readonly CardSortOption[] = [
  { label: 'Alphabetical', sortColumn: 'dashboard_title', sortOrder: 'asc' },
  { label: 'Recently modified', sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc' },
  { label: 'Least recently modified', sortColumn: 'changed_on_delta_humanized', sortOrder: 'asc' },
];

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

function statusLabel(dashboard: DashboardListItem): string {
  return dashboard.published ? 'Published' : 'Draft';
}

/** `/dashboard/list/`: every dashboard the user can see, filtered, sorted and paged by the server. */
export function DashboardListPage(): JSX.Element {
  const pageSize = defaultListPageSize;
  const navigate = useNavigate();
  const [state, setState] = useListViewUrlState({ sortColumn: 'changed_on_delta_humanized', sortOrder: 'desc' });
  const list = useDashboardList(dashboardListQuery(state, pageSize));
  const owners = useRelatedOptions('dashboard', 'related', 'owners');
  const creators = useRelatedOptions('dashboard', 'related', 'created_by');
  const tagNames = useTagNames();
  const rows = useMemo(() => list.data?.result ?? [], [list.data]);
  const favorites = useFavoriteStatus(
    'dashboard',
    useMemo(() => rows.map((row) => row.id), [rows]),
  );
  const queryClient = useQueryClient();
  const onBulkDelete = useBulkDelete('dashboard', 'dashboards');
  // Superset's dashboard delete adds the server's error when it fails.
  const rowDelete = useRowDelete('dashboard', 'titleAndError');

  useListErrorToasts('dashboard', { label: 'dashboard', plural: 'dashboards' }, list.error);
  useErrorToast(favorites.error, favorites.error === null ? null : favoriteStatusFetchFailedMessage(favorites.error.message));

  const star = (dashboard: DashboardListItem): JSX.Element => (
    <FavoriteStar
      isStarred={favorites.data?.get(dashboard.id) ?? dashboard.is_favorite}
      testId={testIds.dashboardList.favoriteStar}
      onToggle={async (isStarred) => {
        await saveFavorite('dashboard', dashboard.id, isStarred);
        await queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('dashboard') });
      }}
    />
  );
  const titleLink = (dashboard: DashboardListItem): JSX.Element => (
    <Link to={dashboard.url} data-testid={testIds.dashboardList.nameLink}>
      {dashboard.dashboard_title}
    </Link>
  );
  const bundle = useBundleActions('dashboard', 'dashboard', 'dashboards');
  // Spec 001 section 6: `_info` decides the writes (new, import, delete, tag) and the exports offered.
  const canWrite = useResourcePermission('dashboard', 'can_write') === true;
  const canExport = useResourcePermission('dashboard', 'can_export') === true;
  const columns: ListViewColumn<DashboardListItem>[] = [
    { id: 'favorite', header: '', render: star },
    { id: 'dashboard_title', header: 'Name', sortKey: 'dashboard_title', render: titleLink },
    { id: 'published', header: 'Status', sortKey: 'published', render: statusLabel },
    { id: 'tags', header: 'Tags', render: (dashboard) => <TagChips tags={dashboard.tags} /> },
    { id: 'owners', header: 'Owners', render: (dashboard) => <OwnerAvatars owners={dashboard.owners} /> },
    { id: 'changed_by_name', header: 'Modified by', sortKey: 'changed_by.first_name', render: (dashboard) => dashboard.changed_by_name },
    {
      id: 'changed_on_delta_humanized',
      header: 'Last modified',
      sortKey: 'changed_on_delta_humanized',
      render: (dashboard) => dashboard.changed_on_delta_humanized,
    },
    ...(canWrite || canExport
      ? [
          {
            id: 'actions',
            header: 'Actions',
            render: (row: DashboardListItem) => (
              <RowActionsBox>
                {canWrite && rowDelete.deleteButton({ id: row.id, title: row.dashboard_title })}
                {canExport && bundle.exportButton(row.id)}
              </RowActionsBox>
            ),
          },
        ]
      : []),
    // Filter-only columns (Superset's hidden columns).
    { id: 'created_by', header: 'Created by', render: () => null, hidden: true },
    { id: 'certified', header: 'Certified', render: () => null, hidden: true },
  ];
  const filters: ListViewFilter[] = [
    { id: dashboardListFilterIds.search, columnId: 'dashboard_title', label: 'Search', kind: 'search' },
    {
      id: dashboardListFilterIds.status,
      columnId: 'published',
      label: 'Status',
      kind: 'select',
      options: [
        { value: 'published', label: 'Published' },
        { value: 'draft', label: 'Draft' },
      ],
    },
    { id: dashboardListFilterIds.owner, columnId: 'owners', label: 'Owner', kind: 'select', options: owners.data ?? [] },
    { id: dashboardListFilterIds.tag, columnId: 'tags', label: 'Tag', kind: 'select', options: (tagNames.data ?? []).map((name) => ({ value: name, label: name })) },
    { id: dashboardListFilterIds.createdBy, label: 'Created by', kind: 'select', options: creators.data ?? [] },
    { id: dashboardListFilterIds.favorite, label: 'Favorite', kind: 'select', options: yesNo },
    { id: dashboardListFilterIds.certified, label: 'Certified', kind: 'select', options: yesNo },
  ];

  return (
    <ListPageLayout
      title="Dashboards"
      testId={testIds.dashboardList.page}
      actions={
        canWrite ? (
          <>
            {bundle.importControl}
            <Button $variant="primary" data-testid={testIds.dashboardList.newButton} onClick={() => void navigate(newDashboardPath)}>
              + Dashboard
            </Button>
          </>
        ) : undefined
      }
    >
      <ListView
        columns={columns}
        filters={filters}
        rows={rows}
        count={list.data?.count ?? 0}
        rowKey={(dashboard) => dashboard.id}
        isLoading={list.isPending}
        pageSize={pageSize}
        state={state}
        onStateChange={setState}
        card={{
          sortOptions: dashboardCardSortOptions,
          render: (dashboard) => (
            <>
              <CardTitle>
                {star(dashboard)}
                {titleLink(dashboard)}
              </CardTitle>
              <CardDetail>{statusLabel(dashboard)}</CardDetail>
              <TagChips tags={dashboard.tags} />
              <CardFooter>
                <CardDetail>{`Modified ${dashboard.changed_on_delta_humanized}`}</CardDetail>
                <OwnerAvatars owners={dashboard.owners} />
              </CardFooter>
            </>
          ),
        }}
        bulkDelete={canWrite ? { noun: 'dashboards', onDelete: onBulkDelete } : undefined}
        bulkTag={
          canWrite
            ? { resourceName: 'dashboard', onTagged: () => void queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('dashboard') }) }
            : undefined
        }
        bulkExport={canExport ? bundle.exportRows : undefined}
        emptyStateAction={canWrite ? { label: '+ Dashboard', onClick: () => void navigate(newDashboardPath) } : undefined}
      />
      {rowDelete.confirmModal}
    </ListPageLayout>
  );
}
