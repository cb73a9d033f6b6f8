import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import type { Dashboard } from '@/api/generated/Dashboard';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { DashboardHeader } from './DashboardHeader';

const savePublishedMock = vi.fn<(dashboardId: number, published: boolean) => Promise<Dashboard>>();
const saveFavoriteMock = vi.fn<(dashboardId: number, isStarred: boolean) => Promise<void>>();
/** What `useFavoriteStatus` answers. */
let favoriteStatus = { data: false as boolean | undefined, isError: false, isPending: false };
vi.mock('./api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return {
    ...original,
    useFavoriteStatus: () => favoriteStatus,
    savePublished: (dashboardId: number, published: boolean) => savePublishedMock(dashboardId, published),
    saveFavorite: (dashboardId: number, isStarred: boolean) => saveFavoriteMock(dashboardId, isStarred),
  };
});

// Reports are not offered: no permission call leaves the test.
vi.mock('@/features/reports/api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return { ...original, useCanWriteReports: () => false };
});

beforeEach(() => {
  favoriteStatus = { data: false, isError: false, isPending: false };
  saveFavoriteMock.mockReset();
});

const dashboard = { id: 4, dashboard_title: 'Births', slug: null, published: false, css: null, json_metadata: null, owners: [] } as unknown as Dashboard;

function renderHeader(canSave: boolean): void {
  renderWithTheme(
    <MemoryRouter>
      <DashboardHeader
        dashboard={dashboard}
        idOrSlug="4"
        canEdit
        canSave={canSave}
        canShare
        editor={null}
        onEdit={vi.fn()}
        onDiscard={vi.fn()}
        onSave={vi.fn()}
        onCreatePermalink={vi.fn()}
        draftTitle="Births"
        onDraftTitleChange={vi.fn()}
        draftCss=""
        onDraftCssChange={vi.fn()}
        refreshSeconds={0}
        onRefresh={vi.fn()}
        onRefreshSecondsChange={vi.fn()}
        onDownloadAsImage={vi.fn()}
        onPropertiesSaved={vi.fn()}
      />
    </MemoryRouter>,
  );
}

describe('dashboard header permissions', () => {
  it("shows Superset's text when publishing is refused", async () => {
    savePublishedMock.mockRejectedValue(new ApiError('Forbidden', { status: 403 }));
    renderHeader(true);
    fireEvent.click(screen.getByTestId(testIds.dashboard.publishedToggle));
    await waitFor(() => expect(screen.getByText('You do not have permissions to edit this dashboard.')).not.toBeNull());
    expect(savePublishedMock).toHaveBeenCalledWith(4, true);
  });

  it('offers "Save as" only with the save permission', () => {
    renderHeader(false);
    fireEvent.click(screen.getByTestId(testIds.dashboardMenu.button));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).not.toContain('Save as');
  });
});

describe('dashboard header favorite star', () => {
  it("says 'There was an issue fetching the favorite status of this dashboard.' when the status cannot be read", () => {
    favoriteStatus = { data: undefined, isError: true, isPending: false };
    renderHeader(true);
    expect(screen.getByRole('alert').textContent).toContain('There was an issue fetching the favorite status of this dashboard.');
    expect(screen.getByTestId(testIds.dashboard.favoriteStar).getAttribute('aria-label')).toBe('Favorite');
  });

  it("says 'There was an issue favoriting this dashboard.' when starring fails", async () => {
    saveFavoriteMock.mockRejectedValue(new ApiError('Internal Server Error', { status: 500 }));
    renderHeader(true);
    fireEvent.click(screen.getByTestId(testIds.dashboard.favoriteStar));
    await waitFor(() => expect(screen.getByText('There was an issue favoriting this dashboard.')).not.toBeNull());
    expect(saveFavoriteMock).toHaveBeenCalledWith(4, true);
    expect(screen.queryByText('There was an issue fetching the favorite status of this dashboard.')).toBeNull();
  });

  it('stars the dashboard without a toast when saving succeeds', async () => {
    saveFavoriteMock.mockResolvedValue(undefined);
    renderHeader(true);
    fireEvent.click(screen.getByTestId(testIds.dashboard.favoriteStar));
    await waitFor(() => expect(saveFavoriteMock).toHaveBeenCalledWith(4, true));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
