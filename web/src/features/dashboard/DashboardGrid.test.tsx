import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { DashboardGrid } from './DashboardGrid';
import { columnWidthFor, widthInPixels, type DashboardLayout, type LayoutComponent } from './dashboardLayout';

const gridWidth = 1200;

/** happy-dom has no layout: every element is `gridWidth` wide while these tests run. */
const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => gridWidth });
});
afterAll(() => {
  if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
  else Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function component(id: string, type: LayoutComponent['type'], children: string[], meta: LayoutComponent['meta'] = {}): LayoutComponent {
  return { id, type, children, meta };
}

/**
 * ROOT > TABS-top: "Overview" holds a row with a 4-column COLUMN of two markdowns beside an
 * 8-column markdown; "Details" holds nested TABS, "Nested A" (a markdown) and "Nested B" (a row
 * with a markdown).
 */
const layout: DashboardLayout = Object.fromEntries(
  [
    component('ROOT_ID', 'ROOT', ['TABS-top']),
    component('TABS-top', 'TABS', ['TAB-overview', 'TAB-details']),
    component('TAB-overview', 'TAB', ['ROW-1'], { text: 'Overview' }),
    component('ROW-1', 'ROW', ['COLUMN-1', 'MARKDOWN-wide']),
    component('COLUMN-1', 'COLUMN', ['MARKDOWN-top', 'MARKDOWN-bottom'], { width: 4, background: 'BACKGROUND_WHITE' }),
    component('MARKDOWN-top', 'MARKDOWN', [], { code: 'Top of column', width: 2, height: 10 }),
    component('MARKDOWN-bottom', 'MARKDOWN', [], { code: 'Bottom of column', width: 3, height: 20 }),
    component('MARKDOWN-wide', 'MARKDOWN', [], { code: 'Wide', width: 8, height: 30 }),
    component('TAB-details', 'TAB', ['TABS-nested'], { text: 'Details' }),
    component('TABS-nested', 'TABS', ['TAB-a', 'TAB-b']),
    component('TAB-a', 'TAB', ['MARKDOWN-a'], { text: 'Nested A' }),
    component('TAB-b', 'TAB', ['ROW-2'], { text: 'Nested B' }),
    component('MARKDOWN-a', 'MARKDOWN', [], { code: 'Inside nested A', width: 6, height: 10 }),
    component('ROW-2', 'ROW', ['MARKDOWN-b']),
    component('MARKDOWN-b', 'MARKDOWN', [], { code: 'Inside nested B', width: 12, height: 10 }),
  ].map((entry) => [entry.id, entry]),
);

function renderGrid(initialActiveTabIds: string[] = [], onActiveTabsChange = vi.fn()): ReturnType<typeof vi.fn> {
  vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ result: { ESCAPE_MARKDOWN_HTML: false } })));
  renderWithTheme(
    <MemoryRouter>
      <DashboardGrid dashboardId={1} layout={layout} charts={[]} scrollRoot={null} initialActiveTabIds={initialActiveTabIds} onActiveTabsChange={onActiveTabsChange} />
    </MemoryRouter>,
  );
  return onActiveTabsChange;
}

function componentElement(id: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[data-component-id="${id}"]`);
  if (element === null) throw new Error(`${id} is not drawn`);
  return element;
}

/** The drawn width in pixels (style widths keep a few decimals). */
function widthOf(id: string): number {
  return Number.parseFloat(componentElement(id).style.width);
}

function childComponentIds(id: string): string[] {
  return [...componentElement(id).querySelectorAll(`[data-testid="${testIds.dashboard.component}"]`)].map((element) => element.getAttribute('data-component-id') ?? '');
}

describe('the 12-column grid with columns and nested tabs', () => {
  it('stacks a column\'s children in its width, beside the row\'s other components', () => {
    renderGrid();
    const columnWidth = columnWidthFor(gridWidth);
    const column = componentElement('COLUMN-1');
    expect(column.getAttribute('data-component-type')).toBe('COLUMN');
    expect(childComponentIds('ROW-1')).toEqual(['COLUMN-1', 'MARKDOWN-top', 'MARKDOWN-bottom', 'MARKDOWN-wide']);
    expect(childComponentIds('COLUMN-1')).toEqual(['MARKDOWN-top', 'MARKDOWN-bottom']);
    expect(widthOf('COLUMN-1')).toBeCloseTo(widthInPixels(4, columnWidth), 3);
    expect(getComputedStyle(column).flexDirection).toBe('column');
    // Components in a column take the column's width, whatever their own; their heights stay.
    expect(widthOf('MARKDOWN-top')).toBeCloseTo(widthInPixels(4, columnWidth), 3);
    expect(widthOf('MARKDOWN-bottom')).toBeCloseTo(widthInPixels(4, columnWidth), 3);
    expect([componentElement('MARKDOWN-top').style.height, componentElement('MARKDOWN-bottom').style.height]).toEqual(['80px', '160px']);
    expect(widthOf('MARKDOWN-wide')).toBeCloseTo(widthInPixels(8, columnWidth), 3);
    expect(within(column).getByText('Top of column')).toBeTruthy();
    expect(within(column).getByText('Bottom of column')).toBeTruthy();
  });

  it('opens the nested tabs inside a tab and switches each level on its own', () => {
    const onActiveTabsChange = renderGrid();
    const topTabs = componentElement('TABS-top');
    expect(within(topTabs).getAllByTestId(testIds.dashboard.tab).map((tab) => tab.textContent)).toEqual(['Overview', 'Details']);
    expect(screen.queryByText('Inside nested A')).toBeNull();

    fireEvent.click(within(topTabs).getByRole('tab', { name: 'Details' }));
    expect(screen.queryByText('Top of column')).toBeNull();
    const nestedTabs = componentElement('TABS-nested');
    expect(componentElement('TAB-details').contains(nestedTabs)).toBe(true);
    const nestedTitles = within(nestedTabs).getAllByTestId(testIds.dashboard.tab);
    expect(nestedTitles.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Nested A', 'true'],
      ['Nested B', 'false'],
    ]);
    expect(within(nestedTabs).getByText('Inside nested A')).toBeTruthy();

    fireEvent.click(within(nestedTabs).getByRole('tab', { name: 'Nested B' }));
    expect(within(nestedTabs).queryByText('Inside nested A')).toBeNull();
    expect(within(componentElement('ROW-2')).getByText('Inside nested B')).toBeTruthy();
    expect(widthOf('MARKDOWN-b')).toBeCloseTo(widthInPixels(12, columnWidthFor(gridWidth)), 3);
    // The open tab of each level, as permalinks store them.
    expect(onActiveTabsChange).toHaveBeenLastCalledWith(['TAB-details', 'TAB-b']);
  });

  it('opens the nested tab a permalink names, with its parent tab', () => {
    renderGrid(['TAB-details', 'TAB-b']);
    expect(within(componentElement('TABS-top')).getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Inside nested B')).toBeTruthy();
  });
});

describe('headers', () => {
  /** Three headers, one per size; the large one on a white background, the others transparent (the default). */
  const headerLayout: DashboardLayout = Object.fromEntries(
    [
      component('ROOT_ID', 'ROOT', ['GRID_ID']),
      component('GRID_ID', 'GRID', ['HEADER-small', 'HEADER-medium', 'HEADER-large', 'HEADER-default']),
      component('HEADER-small', 'HEADER', [], { text: 'Small', headerSize: 'SMALL_HEADER', background: 'BACKGROUND_TRANSPARENT' }),
      component('HEADER-medium', 'HEADER', [], { text: 'Medium', headerSize: 'MEDIUM_HEADER' }),
      component('HEADER-large', 'HEADER', [], { text: 'Large', headerSize: 'LARGE_HEADER', background: 'BACKGROUND_WHITE' }),
      component('HEADER-default', 'HEADER', [], { text: 'Default' }),
    ].map((entry) => [entry.id, entry]),
  );

  it('draws small, medium and large headers in their sizes, on a white or transparent background', () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ result: { ESCAPE_MARKDOWN_HTML: false } })));
    renderWithTheme(
      <MemoryRouter>
        <DashboardGrid dashboardId={1} layout={headerLayout} charts={[]} scrollRoot={null} initialActiveTabIds={[]} onActiveTabsChange={vi.fn()} />
      </MemoryRouter>,
    );
    const headers = screen.getAllByTestId(testIds.dashboard.header);
    // Superset's header-small, header-medium and header-large: 16, 21 and 28 px; medium by default.
    expect(headers.map((header) => [header.textContent, header.tagName, getComputedStyle(header).fontSize])).toEqual([
      ['Small', 'H4', '16px'],
      ['Medium', 'H3', '21px'],
      ['Large', 'H2', '28px'],
      ['Default', 'H3', '21px'],
    ]);
    const backgrounds = ['HEADER-small', 'HEADER-medium', 'HEADER-large'].map((id) => getComputedStyle(componentElement(id)).backgroundColor);
    expect(backgrounds[0]).toBe('transparent');
    expect(backgrounds[1]).toBe('transparent');
    expect(['#FFFFFF', '#ffffff', 'rgb(255, 255, 255)']).toContain(backgrounds[2]);
  });
});
