import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@/api/generated/Dashboard';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { DashboardHeaderMenu, type DashboardHeaderMenuProps } from './DashboardHeaderMenu';

const dashboard = { id: 4, dashboard_title: 'Births', slug: null, css: null, json_metadata: null } as unknown as Dashboard;

function renderMenu(isEditing: boolean): DashboardHeaderMenuProps {
  const props: DashboardHeaderMenuProps = {
    dashboard,
    idOrSlug: '4',
    canEdit: true,
    isEditing,
    refreshSeconds: 0,
    onRefresh: vi.fn(),
    onRefreshSecondsChange: vi.fn(),
    onCopyPermalink: vi.fn(),
    onDownloadAsImage: vi.fn(),
    onSaved: vi.fn(),
  };
  renderWithTheme(<DashboardHeaderMenu {...props} />);
  fireEvent.click(screen.getByTestId(testIds.dashboardMenu.button));
  return props;
}

describe('dashboard header menu: Download as Image', () => {
  it('sits under Download, after Save as and before Share', () => {
    renderMenu(false);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Refresh dashboard',
      'Set auto-refresh interval',
      'Edit properties',
      'Edit CSS',
      'Save as',
      'Download as Image',
      'Copy permalink to clipboard',
    ]);
    expect(screen.getByTestId(testIds.dashboardMenu.menu).textContent).toContain('Save asDownloadDownload as ImageShare');
  });

  it('is offered in edit mode too', () => {
    renderMenu(true);
    expect(screen.getByTestId(testIds.dashboardMenu.downloadImage).textContent).toBe('Download as Image');
  });

  it('asks the page for the image and closes the menu', () => {
    const props = renderMenu(false);
    fireEvent.click(screen.getByTestId(testIds.dashboardMenu.downloadImage));
    expect(props.onDownloadAsImage).toHaveBeenCalledOnce();
    expect(props.onRefresh).not.toHaveBeenCalled();
    expect(screen.queryByTestId(testIds.dashboardMenu.menu)).toBeNull();
  });
});
