import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { chartExportKinds } from '../download/chartExport';
import { ExploreHeader, type ExploreHeaderProps } from './ExploreHeader';

function headerProps(overrides: Partial<ExploreHeaderProps> = {}): ExploreHeaderProps {
  return {
    sliceName: 'Births by gender',
    alteredRows: [],
    canEditProperties: true,
    canSave: true,
    onSave: vi.fn(),
    onEditProperties: vi.fn(),
    canManageReports: false,
    onManageReports: vi.fn(),
    canDrillToDetail: true,
    onDrillToDetail: vi.fn(),
    onCopyPermalink: vi.fn(),
    onShareByEmail: vi.fn(),
    onEmbedCode: vi.fn(),
    exportKinds: chartExportKinds('table'),
    canDownloadData: true,
    onExport: vi.fn(),
    onDownloadAsImage: vi.fn(),
    canRunInSqlLab: false,
    onRunInSqlLab: vi.fn(),
    ...overrides,
  };
}

function renderHeader(overrides: Partial<ExploreHeaderProps> = {}): ExploreHeaderProps {
  const props = headerProps(overrides);
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
      'Drill to detail',
      'Export to .CSV',
      'Export to .JSON',
      'Download as image',
      'Export to Excel',
      'Copy permalink to clipboard',
      'Share chart by email',
      'Embed code',
    ]);
  });

  it('offers Run in SQL Lab last, to users who may run SQL', () => {
    const props = renderHeader({ canRunInSqlLab: true });
    expect(menuItemTexts().at(-1)).toBe('Run in SQL Lab');
    fireEvent.click(screen.getByTestId(testIds.exploreHeader.runInSqlLab));
    expect(props.onRunInSqlLab).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens the embed code from Share', () => {
    const props = renderHeader();
    fireEvent.click(screen.getByTestId(testIds.exploreHeader.embedCode));
    expect(props.onEmbedCode).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId(testIds.exploreHeader.actionsMenu)).toBeNull();
  });

  it('keeps the order for pivot tables', () => {
    renderHeader({ exportKinds: chartExportKinds('pivot_table_v2') });
    expect(menuItemTexts().slice(2, 7)).toEqual([
      'Export to .CSV',
      'Export to pivoted .CSV',
      'Export to .JSON',
      'Download as image',
      'Export to Excel',
    ]);
  });

  it('lists Export to full .CSV and full Excel after Excel for table charts when the user may export', () => {
    const props = renderHeader({ exportKinds: chartExportKinds('table', true) });
    expect(menuItemTexts().slice(2, 9)).toEqual([
      'Export to .CSV',
      'Export to .JSON',
      'Download as image',
      'Export to Excel',
      'Export to full .CSV',
      'Export to full Excel',
      'Copy permalink to clipboard',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export to full Excel' }));
    expect(props.onExport).toHaveBeenCalledWith('full_xlsx');
  });

  it('leaves the full exports out for other viz types', () => {
    renderHeader({ exportKinds: chartExportKinds('pivot_table_v2', true) });
    expect(menuItemTexts()).not.toContain('Export to full .CSV');
    expect(menuItemTexts()).not.toContain('Export to full Excel');
  });

  it('offers Share chart by email after the permalink and asks for it', () => {
    const props = renderHeader();
    const texts = menuItemTexts();
    expect(texts.indexOf('Share chart by email')).toBe(texts.indexOf('Copy permalink to clipboard') + 1);
    fireEvent.click(screen.getByTestId(testIds.exploreHeader.shareByEmail));
    expect(props.onShareByEmail).toHaveBeenCalledOnce();
    expect(screen.queryByTestId(testIds.exploreHeader.actionsMenu)).toBeNull();
  });

  it('asks for the image and closes the menu', () => {
    const props = renderHeader();
    fireEvent.click(screen.getByTestId(testIds.exploreHeader.downloadAsImage));
    expect(props.onDownloadAsImage).toHaveBeenCalledOnce();
    expect(props.onExport).not.toHaveBeenCalled();
    expect(screen.queryByTestId(testIds.exploreHeader.actionsMenu)).toBeNull();
  });
});

describe('ExploreHeader permissions (spec 002 section 6)', () => {
  it('offers Save to a user with can_write on Chart (can_add)', () => {
    const props = renderHeader();
    fireEvent.click(screen.getByTestId(testIds.exploreHeader.saveButton));
    expect(props.onSave).toHaveBeenCalledOnce();
  });

  it('hides Save without can_write on Chart', () => {
    renderHeader({ canSave: false });
    expect(screen.queryByTestId(testIds.exploreHeader.saveButton)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('disables the CSV, JSON and Excel exports without can_csv (can_download), not the image', () => {
    const props = renderHeader({ canDownloadData: false });
    const exportItems = screen.getAllByTestId<HTMLButtonElement>(testIds.exploreHeader.exportItem);
    expect(exportItems.map((item) => [item.textContent, item.disabled])).toEqual([
      ['Export to .CSV', true],
      ['Export to .JSON', true],
      ['Export to Excel', true],
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export to .CSV' }));
    expect(props.onExport).not.toHaveBeenCalled();
    expect(screen.getByTestId<HTMLButtonElement>(testIds.exploreHeader.downloadAsImage).disabled).toBe(false);
  });
});

describe('ExploreHeader Drill to detail', () => {
  it('opens the drill modal and closes the menu', () => {
    const props = renderHeader();
    fireEvent.click(screen.getByTestId(testIds.exploreHeader.drillToDetail));
    expect(props.onDrillToDetail).toHaveBeenCalledOnce();
    expect(screen.queryByTestId(testIds.exploreHeader.actionsMenu)).toBeNull();
  });

  it('is off until the chart has run', () => {
    const props = renderHeader({ canDrillToDetail: false });
    const item = screen.getByTestId<HTMLButtonElement>(testIds.exploreHeader.drillToDetail);
    expect(item.disabled).toBe(true);
    fireEvent.click(item);
    expect(props.onDrillToDetail).not.toHaveBeenCalled();
  });
});

describe('ExploreHeader Altered label', () => {
  it('shows no label while the form data matches the saved chart', () => {
    renderWithTheme(<ExploreHeader {...headerProps({ alteredRows: [] })} />);
    expect(screen.queryByTestId(testIds.exploreHeader.alteredLabel)).toBeNull();
  });

  it("shows 'Altered' beside the chart's name", () => {
    renderWithTheme(<ExploreHeader {...headerProps({ alteredRows: [{ control: 'Row limit', before: '1000', after: '10' }] })} />);
    const title = screen.getByTestId(testIds.exploreHeader.title);
    expect(title.textContent).toBe('Births by gender');
    expect(title.nextElementSibling).toBe(screen.getByRole('button', { name: 'Altered' }));
    fireEvent.click(screen.getByTestId(testIds.exploreHeader.alteredLabel));
    expect(screen.getByTestId(testIds.chartChanges.modal).textContent).toContain('Row limit');
  });
});

describe('ExploreHeader "Manage email reports"', () => {
  it('is offered for a saved chart when reports may be written, and opens the report modal', () => {
    const props = renderHeader({ canManageReports: true });
    expect(menuItemTexts()[1]).toBe('Manage email reports');
    fireEvent.click(screen.getByTestId(testIds.reports.manageItem));
    expect(props.onManageReports).toHaveBeenCalledTimes(1);
  });

  it('is not offered otherwise', () => {
    renderHeader({ canManageReports: false });
    expect(menuItemTexts()).not.toContain('Manage email reports');
  });
});
