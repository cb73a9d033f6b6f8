import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { chartExportKinds } from '../download/chartExport';
import { ExploreHeader, type ExploreHeaderProps } from './ExploreHeader';

function renderHeader(overrides: Partial<ExploreHeaderProps> = {}): ExploreHeaderProps {
  const props: ExploreHeaderProps = {
    sliceName: 'Births by gender',
    canEditProperties: true,
    onSave: vi.fn(),
    onEditProperties: vi.fn(),
    onCopyPermalink: vi.fn(),
    exportKinds: chartExportKinds('table'),
    onExport: vi.fn(),
    onDownloadAsImage: vi.fn(),
    ...overrides,
  };
  renderWithTheme(<ExploreHeader {...props} />);
  fireEvent.click(screen.getByTestId(testIds.exploreHeader.actionsButton));
  return props;
}

function menuItemTexts(): string[] {
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

describe('ExploreHeader Download menu', () => {
  it("lists Download as image in Superset's place: after .JSON, before Excel", () => {
    renderHeader();
    expect(menuItemTexts()).toEqual([
      'Edit chart properties',
      'Export to .CSV',
      'Export to .JSON',
      'Download as image',
      'Export to Excel',
      'Copy permalink to clipboard',
    ]);
  });

  it('keeps the order for pivot tables', () => {
    renderHeader({ exportKinds: chartExportKinds('pivot_table_v2') });
    expect(menuItemTexts().slice(1, 6)).toEqual([
      'Export to .CSV',
      'Export to pivoted .CSV',
      'Export to .JSON',
      'Download as image',
      'Export to Excel',
    ]);
  });

  it('asks for the image and closes the menu', () => {
    const props = renderHeader();
    fireEvent.click(screen.getByTestId(testIds.exploreHeader.downloadAsImage));
    expect(props.onDownloadAsImage).toHaveBeenCalledOnce();
    expect(props.onExport).not.toHaveBeenCalled();
    expect(screen.queryByTestId(testIds.exploreHeader.actionsMenu)).toBeNull();
  });
});
