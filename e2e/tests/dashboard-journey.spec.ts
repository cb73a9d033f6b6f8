import { expect, test, type Locator, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, writeJson } from '../support/quiverServer';

/** HTML drag and drop from `source` onto `target`, with the events a browser sends. */
async function dragOnto(page: Page, source: Locator, target: Locator): Promise<void> {
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await source.dispatchEvent('dragstart', { dataTransfer });
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  await source.dispatchEvent('dragend', { dataTransfer });
}

interface StoredComponent {
  type: string;
  children?: string[];
  meta?: { chartId?: number; code?: string };
}

const journeyCharts = ['Total births', 'Births by gender', 'Top 10 names'];

test('a new dashboard: three charts, a markdown and tabs dragged from the panes, the markdown moved into the tab, undo and redo, save, reload', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);

  // "+ Dashboard" creates an untitled dashboard and opens it in edit mode.
  await page.goto('/dashboard/list/');
  await page.getByTestId(testIds.dashboardList.newButton).click();
  await expect(page).toHaveURL(/\/superset\/dashboard\/\d+\/\?edit=true$/);
  const dashboardId = Number(/\/superset\/dashboard\/(\d+)\//.exec(page.url())?.[1]);
  expect(dashboardId).toBeGreaterThan(0);
  const titleInput = page.getByTestId(testIds.dashboardEdit.titleInput);
  await expect(titleInput).toHaveValue('[ untitled dashboard ]');
  const dashboard = await DashboardPage.current(page);
  await expect(dashboard.charts).toHaveCount(0);

  // The charts pane lists every chart the user can read, most recent first, and searches them.
  const pane = page.getByTestId(testIds.dashboardEdit.pane);
  const paneCharts = pane.getByTestId(testIds.dashboardEdit.paneChart);
  // An item reads '{name}{viz_type} · {changed}': match the whole name, since other specs add
  // charts such as 'Filtered total births' and 'Births by gender bars'.
  const paneChart = (name: string): Locator =>
    paneCharts.filter({ hasText: new RegExp(`^${name}[a-z_0-9]+ · `) });
  for (const name of journeyCharts) await expect(paneChart(name)).toHaveCount(1);
  await expect(pane.getByTestId(testIds.dashboardEdit.paneSort)).toHaveValue('changed_on');
  await pane.getByLabel('Filter your charts').fill('gender');
  await expect(paneChart('Births by gender')).toHaveCount(1);
  await expect(paneChart('Total births')).toHaveCount(0);
  for (const text of await paneCharts.allTextContents()) expect(text.toLowerCase()).toContain('gender');
  await pane.getByLabel('Filter your charts').fill('');
  await expect(paneChart('Total births')).toHaveCount(1);
  await pane.getByTestId(testIds.dashboardEdit.paneSort).selectOption('slice_name');
  // By name: births by gender, top 10 names, total births (once the sorted page arrives).
  const namePositions = async (): Promise<number[]> => {
    const texts = await paneCharts.evaluateAll((items) => items.map((item) => item.textContent));
    return ['Births by gender', 'Top 10 names', 'Total births'].map((name) => texts.findIndex((text) => text.startsWith(name)));
  };
  await expect
    .poll(async () => {
      const positions = await namePositions();
      return positions.every((position) => position >= 0) && positions.every((position, index) => index === 0 || position > (positions[index - 1] ?? 0));
    })
    .toBe(true);

  // Three charts, each into a new row at the end of the grid.
  const grid = page.locator('[data-drop-id="GRID_ID"]');
  for (const [index, name] of journeyCharts.entries()) {
    const item = paneChart(name);
    await dragOnto(page, item, grid);
    await expect(dashboard.charts).toHaveCount(index + 1);
    await expect(item).toContainText('Added');
  }
  for (const name of journeyCharts) await expect(dashboard.chart(name)).toHaveCount(1);
  await dashboard.chart('Total births').scrollIntoViewIfNeeded();
  await expect(dashboard.chart('Total births').getByTestId(testIds.viz.bigNumber)).not.toBeEmpty();

  // A markdown from the layout elements.
  await pane.getByRole('tab', { name: 'Layout elements' }).click();
  await dragOnto(page, page.getByTestId(testIds.dashboardEdit.paneElement).filter({ hasText: 'Text / Markdown' }), grid);
  await expect(dashboard.markdown).toHaveCount(1);
  await expect(dashboard.markdown).toContainText('Header 1');

  // Undo and redo from the keyboard (outside the title field) and from the buttons.
  // Out of the pane's fields first: text fields and selects keep their own keys.
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
  await page.keyboard.press('Control+z');
  await expect(dashboard.markdown).toHaveCount(0);
  await expect(dashboard.charts).toHaveCount(3);
  await page.keyboard.press('Control+z');
  await expect(dashboard.charts).toHaveCount(2);
  await page.keyboard.press('Control+Shift+z');
  await expect(dashboard.charts).toHaveCount(3);
  await page.keyboard.press('Control+y');
  await expect(dashboard.markdown).toHaveCount(1);
  await page.getByTestId(testIds.dashboardEdit.undoButton).click();
  await expect(dashboard.markdown).toHaveCount(0);
  await page.getByTestId(testIds.dashboardEdit.redoButton).click();
  await expect(dashboard.markdown).toHaveCount(1);
  await expect(page.getByTestId(testIds.dashboardEdit.redoButton)).toBeDisabled();

  // Tabs from the layout elements: a tabs component with its first tab, at the end of the grid.
  await dragOnto(page, page.getByTestId(testIds.dashboardEdit.paneElement).filter({ hasText: 'Tabs' }), grid);
  await expect(dashboard.tabs).toHaveCount(1);

  // The markdown moves into the new tab by its "Move" handle.
  const tabDropZone = page.locator('[data-drop-id^="TAB-"]');
  await expect(tabDropZone).toHaveCount(1);
  await dragOnto(page, page.locator('[data-edit-id^="MARKDOWN-"]').getByLabel('Move'), tabDropZone);
  await expect(tabDropZone.getByTestId(testIds.dashboard.markdown)).toHaveCount(1);
  await expect(dashboard.markdown).toHaveCount(1);

  // The title is edited in place; Ctrl+Z in the field is the field's own.
  await titleInput.fill('Journey dashboard');
  await page.screenshot({ path: test.info().outputPath('dashboard-journey-edit.png'), fullPage: true });

  await page.getByTestId(testIds.dashboardEdit.saveButton).click();
  await expect(dashboard.toasts.filter({ hasText: 'This dashboard was saved successfully.' })).toBeVisible();
  await expect(page).not.toHaveURL(/edit=true/);
  await expect(dashboard.title).toHaveText('Journey dashboard');

  await page.reload();
  await dashboard.grid.waitFor();
  await expect(dashboard.title).toHaveText('Journey dashboard');
  await expect(dashboard.charts).toHaveCount(3);
  for (const name of journeyCharts) await expect(dashboard.chart(name)).toHaveCount(1);
  await expect(dashboard.markdown).toHaveCount(1);
  await expect(dashboard.tabs).toHaveCount(1);
  const chartTops = await Promise.all(journeyCharts.map((name) => dashboard.chart(name).evaluate((node) => node.getBoundingClientRect().top)));
  expect(chartTops[0]).toBeLessThan(chartTops[1] ?? 0);
  expect(chartTops[1]).toBeLessThan(chartTops[2] ?? 0);
  await dashboard.chart('Top 10 names').scrollIntoViewIfNeeded();
  await expect(dashboard.loadedChart('Top 10 names')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('dashboard-journey-saved.png'), fullPage: true });

  // The server holds the layout and links the charts to the dashboard.
  const saved = (await (await page.request.get(`/api/v1/dashboard/${dashboardId}`)).json()) as {
    result: { dashboard_title: string; position_json: string };
  };
  expect(saved.result.dashboard_title).toBe('Journey dashboard');
  const layout = JSON.parse(saved.result.position_json) as Record<string, StoredComponent>;
  const storedGrid = layout.GRID_ID;
  // Each top-level piece of the grid, by the leaf types it holds (charts and markdown sit in rows).
  const leafTypes = (id: string): string[] => {
    const component = layout[id];
    if (component === undefined) return [];
    const children = component.children ?? [];
    return children.length === 0 || component.type === 'TABS' ? [component.type] : children.flatMap(leafTypes);
  };
  expect((storedGrid?.children ?? []).map((id) => leafTypes(id).join())).toEqual(['CHART', 'CHART', 'CHART', 'TABS']);
  // The markdown sits in the tab.
  const storedTabs = (storedGrid?.children ?? []).map((id) => layout[id]).find((component) => component?.type === 'TABS');
  const storedTab = layout[storedTabs?.children?.[0] ?? ''];
  expect(storedTab?.type).toBe('TAB');
  expect((storedTab?.children ?? []).flatMap(leafTypes)).toEqual(['MARKDOWN']);
  const chartIdsInOrder = (storedGrid?.children ?? []).slice(0, 3).map((id) => layout[layout[id]?.children?.[0] ?? '']?.meta?.chartId);
  expect(chartIdsInOrder.every((chartId) => typeof chartId === 'number')).toBe(true);
  const linked = (await (await page.request.get(`/api/v1/dashboard/${dashboardId}/charts`)).json()) as { result: { slice_name: string }[] };
  expect(linked.result.map((chart) => chart.slice_name).sort()).toEqual([...journeyCharts].sort());
});

test('the header menu: refresh dashboard, auto-refresh interval, edit properties, save as', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const births = (await (await page.request.get('/api/v1/dashboard/births')).json()) as { result: { id: number; dashboard_title: string } };
  const dashboard = await DashboardPage.open(page, births.result.id);
  await expect(dashboard.loadedChart('Total births')).toHaveCount(1);

  const menuButton = page.getByTestId(testIds.dashboardMenu.button);
  const menuItem = (label: string): Locator => page.getByTestId(testIds.dashboardMenu.item).filter({ hasText: new RegExp(`^${label}$`) });

  // "Refresh dashboard" re-runs every loaded chart, forced past the cache.
  const forcedQuery = page.waitForRequest((request) => {
    if (!request.url().includes('/api/v1/chart/data') || request.method() !== 'POST') return false;
    const body = request.postDataJSON() as { force?: boolean } | null;
    return body?.force === true;
  });
  await menuButton.click();
  for (const label of ['Refresh dashboard', 'Set auto-refresh interval', 'Edit properties', 'Save as', 'Copy permalink to clipboard']) {
    await expect(menuItem(label)).toHaveCount(1);
  }
  // Edit CSS is an edit-mode item (Superset 6; `dashboard-edit.spec.ts`).
  await expect(menuItem('Edit CSS')).toHaveCount(0);
  await menuItem('Refresh dashboard').click();
  await forcedQuery;
  await expect(dashboard.loadedChart('Total births')).toHaveCount(1);

  // The auto-refresh interval offers Superset's choices.
  await menuButton.click();
  await menuItem('Set auto-refresh interval').click();
  const intervalModal = page.getByTestId(testIds.dashboardMenu.refreshIntervalModal);
  await expect(intervalModal.getByRole('option')).toHaveCount(10);
  await intervalModal.getByLabel('Refresh frequency').selectOption({ label: '10 seconds' });
  await intervalModal.getByRole('button', { name: 'Save for this session' }).click();
  await expect(intervalModal).toHaveCount(0);
  // Ten seconds later the charts refresh by themselves.
  await page.waitForRequest((request) => request.url().includes('/api/v1/chart/data') && (request.postDataJSON() as { force?: boolean } | null)?.force === true, {
    timeout: 20_000,
  });

  // "Save as" copies the dashboard and opens the copy.
  await menuButton.click();
  await menuItem('Save as').click();
  const saveAs = page.getByTestId(testIds.dashboardMenu.saveAsModal);
  await expect(saveAs.getByLabel('New dashboard title')).toHaveValue(`${births.result.dashboard_title} [copy]`);
  await saveAs.getByLabel('New dashboard title').fill('Births (journey copy)');
  await saveAs.getByRole('button', { name: 'Save' }).click();
  await expect(dashboard.title).toHaveText('Births (journey copy)');
  await expect(page).not.toHaveURL(new RegExp(`/dashboard/${births.result.id}/`));

  // "Edit properties" on the copy: a new title and slug; the page moves to the slug.
  await menuButton.click();
  await menuItem('Edit properties').click();
  const properties = page.getByTestId(testIds.dashboardMenu.propertiesModal);
  await properties.getByLabel('Title').fill('Births journey');
  await properties.getByLabel('URL slug').fill('births-journey');
  await properties.getByRole('button', { name: 'Save' }).click();
  await expect(properties).toHaveCount(0);
  await expect(page).toHaveURL(/\/superset\/dashboard\/births-journey\/$/);
  await expect(dashboard.title).toHaveText('Births journey');
  await page.reload();
  await expect(dashboard.title).toHaveText('Births journey');
});

test('a removed native filter can be restored for 5000 ms, then leaves the list', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const births = (await (await page.request.get('/api/v1/dashboard/births')).json()) as { result: { id: number } };
  const copy = await writeJson(page.request, 'POST', `/api/v1/dashboard/${births.result.id}/copy/`, {
    dashboard_title: 'Births (filter removal)',
    json_metadata: '{}',
    duplicate_slices: false,
  });
  const copyId = (copy.result as { id: number }).id;
  await DashboardPage.open(page, copyId);

  await page.getByTestId(testIds.dashboardFilters.configButton).click();
  const modal = page.getByTestId(testIds.dashboardFilters.configModal);
  const items = modal.getByTestId(testIds.dashboardFilters.configListItem);
  await expect(items).toHaveCount(1);
  await modal.getByTestId(testIds.dashboardFilters.addFilterButton).click();
  await expect(items).toHaveCount(2);

  // Removed: still listed as "(Removed)" with Undo?, the form replaced by the notice.
  await modal.getByTestId(testIds.dashboardFilters.removeFilterButton).last().click();
  await expect(items.last()).toHaveAttribute('data-removed', 'true');
  await expect(items.last()).toContainText('(Removed)');
  await items.last().getByRole('button', { name: /\(Removed\)/ }).click();
  await expect(modal.getByTestId(testIds.dashboardFilters.removedNotice)).toContainText('You have removed this filter.');
  await modal.getByTestId(testIds.dashboardFilters.restoreFilterButton).click();
  await expect(items.last()).not.toHaveAttribute('data-removed', 'true');
  await expect(modal.getByTestId(testIds.dashboardFilters.removedNotice)).toHaveCount(0);

  // Removed again and left alone: gone after the 5000 ms window, not before.
  await modal.getByTestId(testIds.dashboardFilters.removeFilterButton).last().click();
  const removedAt = Date.now();
  await expect(items).toHaveCount(1, { timeout: 10_000 });
  expect(Date.now() - removedAt).toBeGreaterThanOrEqual(4000);
});

