import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type JSX } from 'react';
import styled, { css } from 'styled-components';
import { ApiError, errorMessage } from '@/api/errors';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { PermalinkCreated } from '@/api/generated/PermalinkCreated';
import { queryKeys } from '@/api/queryKeys';
import { useToasts } from '@/components/toastContext';
import { Button } from '@/components/Button';
import { copyTextToClipboard } from '@/components/copyTextToClipboard';
import { copiedMessage, copyFailedMessage } from '@/features/chart/ViewQueryModal';
import { useCanWriteReports } from '@/features/reports/api';
import { testIds } from '@/testIds';
import {
  dashboardHiddenMessage,
  dashboardPublishedMessage,
  favoriteFailedMessage,
  favoriteStatusFailedMessage,
  publishFailedMessage,
  saveFavorite,
  savePublished,
  useFavoriteStatus,
} from './api';
import { DashboardHeaderMenu } from './DashboardHeaderMenu';
import type { DashboardEditor } from './editing/useDashboardEditor';

export interface DashboardHeaderProps {
  dashboard: Dashboard;
  /** The query key the dashboard was read under (`id` or slug). */
  idOrSlug: string;
  canEdit: boolean;
  /** Save permission ("Save as"). */
  canSave: boolean;
  /** Share permission (`can_share_dashboard`): the menu's Share > Copy permalink. */
  canShare: boolean;
  /** Edit mode, when on. */
  editor: DashboardEditor | null;
  onEdit: () => void;
  onDiscard: () => void;
  onSave: () => void;
  /** Stores the filter state and open tabs; answers the link. */
  onCreatePermalink: () => Promise<PermalinkCreated>;
  /** The title being edited (edit mode). */
  draftTitle: string;
  onDraftTitleChange: (title: string) => void;
  /** Charts re-run after "Refresh dashboard". */
  isRefreshing?: boolean;
  /** The CSS being edited in edit mode. */
  draftCss: string;
  onDraftCssChange: (css: string) => void;
  refreshSeconds: number;
  onRefresh: () => void;
  onRefreshSecondsChange: (seconds: number) => void;
  /** The header menu's Download > "Download as Image". */
  onDownloadAsImage: () => void;
  /** Told the dashboard saved from the menu's dialogs. */
  onPropertiesSaved: (saved: Dashboard) => void;
}

export const publishedTooltip = 'This dashboard is published. Click to make it a draft.';
export const draftTooltip =
  'This dashboard is not published, it will not show up in the list of dashboards. Click here to publish this dashboard.';

/** The title, the favorite star and the published or draft toggle. */
export function DashboardHeader({
  dashboard,
  idOrSlug,
  canEdit,
  canSave,
  canShare,
  editor,
  onEdit,
  onDiscard,
  onSave,
  onCreatePermalink,
  draftTitle,
  onDraftTitleChange,
  isRefreshing = false,
  draftCss,
  onDraftCssChange,
  refreshSeconds,
  onRefresh,
  onRefreshSecondsChange,
  onDownloadAsImage,
  onPropertiesSaved,
}: DashboardHeaderProps): JSX.Element {
  const queryClient = useQueryClient();
  const { addToast } = useToasts();
  const favorite = useFavoriteStatus(dashboard.id);
  const canManageReports = useCanWriteReports() === true;
  const [isSavingPublished, setIsSavingPublished] = useState(false);

  useEffect(() => {
    if (favorite.isError) addToast('danger', favoriteStatusFailedMessage);
  }, [favorite.isError, addToast]);

  function toggleFavorite(): void {
    const isStarred = !(favorite.data ?? false);
    queryClient.setQueryData(queryKeys.dashboardFavorite(dashboard.id), isStarred);
    void saveFavorite(dashboard.id, isStarred).catch(() => {
      queryClient.setQueryData(queryKeys.dashboardFavorite(dashboard.id), !isStarred);
      addToast('danger', favoriteFailedMessage);
    });
  }

  function togglePublished(): void {
    const published = !dashboard.published;
    setIsSavingPublished(true);
    void savePublished(dashboard.id, published)
      .then(
        (saved) => {
          queryClient.setQueryData(queryKeys.dashboard(idOrSlug), saved);
          addToast('success', published ? dashboardPublishedMessage : dashboardHiddenMessage);
        },
        () => addToast('danger', publishFailedMessage),
      )
      .finally(() => setIsSavingPublished(false));
  }

  async function copyPermalink(): Promise<void> {
    try {
      const { url } = await onCreatePermalink();
      await copyTextToClipboard(url);
      addToast('success', copiedMessage);
    } catch (error: unknown) {
      addToast('danger', error instanceof ApiError ? errorMessage(error) : copyFailedMessage);
    }
  }

  const isStarred = favorite.data ?? false;
  return (
    <Header>
      {editor === null ? (
        <Title data-testid={testIds.dashboard.title}>{dashboard.dashboard_title}</Title>
      ) : (
        <TitleInput
          aria-label="Dashboard title"
          data-testid={testIds.dashboardEdit.titleInput}
          value={draftTitle}
          size={Math.max(draftTitle.length, 10)}
          onChange={(event) => onDraftTitleChange(event.target.value)}
        />
      )}
      <Star
        aria-label={isStarred ? 'Unfavorite' : 'Favorite'}
        aria-pressed={isStarred}
        title={isStarred ? 'Click to unfavorite' : 'Click to favorite'}
        $isStarred={isStarred}
        disabled={favorite.isPending}
        data-testid={testIds.dashboard.favoriteStar}
        onClick={toggleFavorite}
      >
        {isStarred ? '★' : '☆'}
      </Star>
      {canEdit ? (
        <StatusToggle
          $isPublished={dashboard.published}
          title={dashboard.published ? publishedTooltip : draftTooltip}
          disabled={isSavingPublished}
          data-testid={testIds.dashboard.publishedToggle}
          onClick={togglePublished}
        >
          {dashboard.published ? 'Published' : 'Draft'}
        </StatusToggle>
      ) : (
        !dashboard.published && (
          <StatusLabel $isPublished={false} data-testid={testIds.dashboard.publishedToggle}>
            Draft
          </StatusLabel>
        )
      )}
      <Spacer />
      {editor === null && (
        <Button $variant="secondary" data-testid={testIds.dashboardFilters.permalinkButton} onClick={() => void copyPermalink()}>
          Copy permalink to clipboard
        </Button>
      )}
      {editor === null ? (
        canEdit && (
          <Button $variant="secondary" data-testid={testIds.dashboardEdit.editButton} onClick={onEdit}>
            Edit dashboard
          </Button>
        )
      ) : (
        <>
          <Button $variant="secondary" disabled={!editor.canUndo} aria-label="Undo" data-testid={testIds.dashboardEdit.undoButton} onClick={editor.undo}>
            Undo
          </Button>
          <Button $variant="secondary" disabled={!editor.canRedo} aria-label="Redo" data-testid={testIds.dashboardEdit.redoButton} onClick={editor.redo}>
            Redo
          </Button>
          <Button $variant="secondary" data-testid={testIds.dashboardEdit.discardButton} onClick={onDiscard}>
            Discard
          </Button>
          <Button $variant="primary" disabled={editor.isSaving} data-testid={testIds.dashboardEdit.saveButton} onClick={onSave}>
            Save
          </Button>
        </>
      )}
      <DashboardHeaderMenu
        dashboard={dashboard}
        idOrSlug={idOrSlug}
        canEdit={canEdit}
        canSave={canSave}
        canShare={canShare}
        canManageReports={canManageReports}
        isEditing={editor !== null}
        isRefreshing={isRefreshing}
        draftCss={draftCss}
        onDraftCssChange={onDraftCssChange}
        refreshSeconds={refreshSeconds}
        onRefresh={onRefresh}
        onRefreshSecondsChange={onRefreshSecondsChange}
        onCopyPermalink={() => void copyPermalink()}
        onDownloadAsImage={onDownloadAsImage}
        onSaved={onPropertiesSaved}
      />
    </Header>
  );
}

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
  padding: ${({ theme }) => `${theme.gridUnit * 4}px ${theme.gridUnit * 6}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Spacer = styled.div`
  flex: 1;
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl}px;
  font-weight: 600;
`;

const TitleInput = styled.input`
  margin: 0;
  padding: 0 ${({ theme }) => theme.gridUnit}px;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xl}px;
  font-weight: 600;
`;

const Star = styled.button.attrs({ type: 'button' })<{ $isStarred: boolean }>`
  border: 0;
  background: none;
  color: ${({ $isStarred, theme }) => ($isStarred ? theme.colors.warning.base : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.fontSizes.xl}px;
  line-height: 1;
  cursor: pointer;
`;

const statusStyles = css<{ $isPublished: boolean }>`
  padding: 2px ${({ theme }) => theme.gridUnit * 2}px;
  border: 0;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ $isPublished, theme }) => ($isPublished ? theme.colors.success.light[3] : theme.colors.surfaceMuted)};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const StatusLabel = styled.span<{ $isPublished: boolean }>`
  ${statusStyles}
`;

const StatusToggle = styled.button.attrs({ type: 'button' })<{ $isPublished: boolean }>`
  ${statusStyles}
  cursor: pointer;
`;
