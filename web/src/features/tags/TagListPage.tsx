import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type JSX } from 'react';
import { Link } from 'react-router';
import type { TagListItem } from '@/api/generated/TagListItem';
import { queryKeys } from '@/api/queryKeys';
import { useResourcePermission } from '@/api/resourcePermissions';
import { Button } from '@/components/Button';
import { ListPageLayout } from '@/components/listView/ListPageLayout';
import { ListView, type ListViewColumn, type ListViewFilter } from '@/components/listView/ListView';
import { defaultListPageSize } from '@/components/listView/listViewState';
import { useListViewUrlState } from '@/components/listView/useListViewUrlState';
import { useListErrorToasts } from '@/components/listView/useListErrorToasts';
import { listFetchFailedMessage } from '@/components/listView/resourceMessages';
import { testIds } from '@/testIds';
import { allEntitiesPath, tagListFilterIds, tagListQuery, tagReadForbiddenMessage, truncatedTagName, useTagList } from './api';
import { TagModal } from './TagModal';

/**
 * `/superset/tags/`: the custom tags, by name; each opens its objects in a new tab. With
 * `can_write` on Tag, "+ Tag" creates one and a row's Edit changes it (TagModal).
 */
export function TagListPage(): JSX.Element {
  const pageSize = defaultListPageSize;
  const [state, setState] = useListViewUrlState({ sortColumn: 'name', sortOrder: 'asc' });
  const list = useTagList(tagListQuery(state, pageSize));
  const rows = useMemo(() => list.data?.result ?? [], [list.data]);
  const canWrite = useResourcePermission('tag', 'can_write') === true;
  const queryClient = useQueryClient();
  // The tag dialog: closed, a new tag ('new') or the tag edited.
  const [editing, setEditing] = useState<TagListItem | 'new' | null>(null);

  async function handleSaved(): Promise<void> {
    setEditing(null);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.resourceListAll('tag') }),
      // The objects of a tag (the edit form, `/superset/all_entities/`) and the tag itself.
      queryClient.invalidateQueries({ queryKey: ['tag'] }),
    ]);
  }

  useListErrorToasts('tag', { label: 'tag', plural: 'tags' }, list.error, (error) =>
    error.status === 403 ? tagReadForbiddenMessage : listFetchFailedMessage('tags', error.message),
  );

  const columns: ListViewColumn<TagListItem>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      render: (tag) => (
        <Link to={allEntitiesPath(tag.id)} target="_blank" rel="noreferrer" title={tag.name} data-testid={testIds.tags.nameLink}>
          {truncatedTagName(tag.name)}
        </Link>
      ),
    },
    { id: 'description', header: 'Description', render: (tag) => tag.description ?? '' },
    {
      id: 'changed_on_delta_humanized',
      header: 'Last modified',
      sortKey: 'changed_on_delta_humanized',
      render: (tag) => tag.changed_on_delta_humanized,
    },
    ...(canWrite
      ? [
          {
            id: 'actions',
            header: 'Actions',
            render: (tag: TagListItem) => (
              <Button $variant="link" aria-label={`Edit ${tag.name}`} title="Edit" data-testid={testIds.tags.editRow} onClick={() => setEditing(tag)}>
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];
  const filters: ListViewFilter[] = [{ id: tagListFilterIds.search, columnId: 'name', label: 'Search', kind: 'search' }];

  return (
    <ListPageLayout
      title="Tags"
      testId={testIds.tags.listPage}
      actions={
        canWrite ? (
          <Button $variant="primary" data-testid={testIds.tags.addButton} onClick={() => setEditing('new')}>
            + Tag
          </Button>
        ) : undefined
      }
    >
      {editing !== null && <TagModal tag={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => void handleSaved()} />}
      <ListView
        columns={columns}
        filters={filters}
        rows={rows}
        count={list.data?.count ?? 0}
        rowKey={(tag) => tag.id}
        isLoading={list.isPending}
        pageSize={pageSize}
        state={state}
        onStateChange={setState}
      />
    </ListPageLayout>
  );
}
