import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import type { Dashboard } from '@/api/generated/Dashboard';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { DashboardHeader } from './DashboardHeader';

const savePublishedMock = vi.fn<(dashboardId: number, published: boolean) => Promise<Dashboard>>();
vi.mock('./api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return {
    ...original,
    useFavoriteStatus: () => ({ data: false, isError: false, isPending: false }),
    savePublished: (dashboardId: number, published: boolean) => savePublishedMock(dashboardId, published),
  };
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
        editor={null}
        onEdit={vi.fn()}
        onDiscard={vi.fn()}
        onSave={vi.fn()}
        onCreatePermalink={vi.fn()}
        draftTitle="Births"
        onDraftTitleChange={vi.fn()}
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
