import { expect, test, type Locator, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { DashboardPage } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, createGammaUser, writeJson } from '../support/quiverServer';

const gridGutter = 16;

/** HTML drag and drop from `source` onto `target`, with the events a browser sends. */
async function dragOnto(page: Page, source: Locator, target: Locator): Promise<void> {
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await source.dispatchEvent('dragstart', { dataTransfer });
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  await source.dispatchEvent('dragend', { dataTransfer });
}

async function widthOf(element: Locator): Promise<number> {
  return element.first().evaluate((node) => node.getBoundingClientRect().width);
}

test('editing a dashboard: delete, drag a chart and a header in, resize, undo and redo, save, reload', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const births = (await (await page.request.get('/api/v1/dashboard/births')).json()) as { result: { id: number } };
  const copy = await writeJson(page.request, 'POST', `/api/v1/dashboard/${births.result.id}/copy/`, {
    dashboard_title: 'Births (edited)',
    json_metadata: '{}',
    duplicate_slices: false,
  });
  const copyId = (copy.result as { id: number }).id;

  const dashboard = await DashboardPage.open(page, copyId);
  await expect(page.getByTestId(testIds.dashboardEdit.editButton)).toBeVisible();
  await page.getByTestId(testIds.dashboardEdit.editButton).click();
  await expect(page).toHaveURL(/edit=true/);
  const pane = page.getByTestId(testIds.dashboardEdit.pane);
  await expect(pane).toBeVisible();
  const totalInPane = page.getByTestId(testIds.dashboardEdit.paneChart).filter({ hasText: 'Total births' });
  await expect(totalInPane).toContainText('Added');

  // Delete the total; it becomes available in the charts pane.
  await page.locator('[data-edit-id="CHART-births-total"]').getByTestId(testIds.dashboardEdit.deleteButton).click();
  await expect(dashboard.chart('Total births')).toHaveCount(0);
  await expect(totalInPane).not.toContainText('Added');

  // Drag it back into the grid: it lands in a new row at the end.
  const grid = page.locator('[data-drop-id="GRID_ID"]');
  await dragOnto(page, totalInPane, grid);
  await expect(dashboard.chart('Total births')).toHaveCount(1);
  await expect(totalInPane).toContainText('Added');
  // Below the fold: it loads once scrolled near.
  await dashboard.chart('Total births').scrollIntoViewIfNeeded();
  await expect(dashboard.chart('Total births').getByTestId(testIds.viz.bigNumber)).not.toBeEmpty();

  // A header from the layout elements.
  await pane.getByRole('tab', { name: 'Layout elements' }).click();
  const gridBoxAfter = await grid.boundingBox();
  if (gridBoxAfter === null) throw new Error('the grid is not visible');
  await dragOnto(page, page.getByTestId(testIds.dashboardEdit.paneElement).filter({ hasText: 'Header' }), grid);
  await expect(dashboard.headers.filter({ hasText: 'New header' })).toHaveCount(1);

  // Resize the chart two columns wider from its corner.
  const totalChart = dashboard.chart('Total births');
  const widthBefore = await widthOf(totalChart);
  const columnWidth = (gridBoxAfter.width - 11 * gridGutter) / 12;
  const chrome = page.locator('[data-edit-id]').filter({ has: dashboard.chart('Total births') }).last();
  const handle = chrome.getByTestId(testIds.dashboardEdit.resizeHandle);
  const handleBox = await handle.boundingBox();
  if (handleBox === null) throw new Error('the resize handle is not visible');
  await page.mouse.move(handleBox.x + handleBox.width / 2, handleBox.y + handleBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(handleBox.x + handleBox.width / 2 + 2 * (columnWidth + gridGutter), handleBox.y + handleBox.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => widthOf(totalChart)).toBeCloseTo(widthBefore + 2 * (columnWidth + gridGutter), -1);

  await page.getByTestId(testIds.dashboardEdit.undoButton).click();
  await expect.poll(() => widthOf(totalChart)).toBeCloseTo(widthBefore, -1);
  await page.getByTestId(testIds.dashboardEdit.redoButton).click();
  await expect.poll(() => widthOf(totalChart)).toBeCloseTo(widthBefore + 2 * (columnWidth + gridGutter), -1);

  await page.getByTestId(testIds.dashboardEdit.saveButton).click();
  await expect(dashboard.toasts.filter({ hasText: 'This dashboard was saved successfully.' })).toBeVisible();
  await expect(page.getByTestId(testIds.dashboardEdit.editButton)).toBeVisible();
  await expect(pane).toHaveCount(0);

  await page.reload();
  await dashboard.grid.waitFor();
  await expect(dashboard.headers.filter({ hasText: 'New header' })).toHaveCount(1);
  await dashboard.chart('Total births').scrollIntoViewIfNeeded();
  await expect(dashboard.chart('Total births').getByTestId(testIds.viz.bigNumber)).not.toBeEmpty();
  // Saved 6 columns wide (4 + 2), measured in the grid without the builder pane.
  const viewGrid = await dashboard.grid.boundingBox();
  if (viewGrid === null) throw new Error('the grid is not visible');
  const viewColumn = (viewGrid.width - 11 * gridGutter) / 12;
  await expect.poll(() => widthOf(totalChart)).toBeCloseTo(6 * viewColumn + 5 * gridGutter, -1);
  const saved = (await (await page.request.get(`/api/v1/dashboard/${copyId}`)).json()) as { result: { position_json: string } };
  const layout = JSON.parse(saved.result.position_json) as Record<string, { type: string; meta?: { text?: string; chartId?: number } }>;
  expect(Object.values(layout).some((component) => component.type === 'HEADER' && component.meta?.text === 'New header')).toBe(true);

  // A Gamma user (not an owner) gets no edit mode, even with edit=true.
  createGammaUser('gina_editor_check', 'gamma-pass-1');
  await page.goto('/logout/');
  const gammaLogin = await LoginPage.open(page);
  await gammaLogin.logIn('gina_editor_check', 'gamma-pass-1');
  await page.goto(`/superset/dashboard/${copyId}/?edit=true`);
  await expect(dashboard.title).toHaveText('Births (edited)');
  await expect(page.getByTestId(testIds.dashboardEdit.editButton)).toHaveCount(0);
  await expect(page.getByTestId(testIds.dashboardEdit.pane)).toHaveCount(0);
  await expect(page.getByTestId(testIds.dashboardEdit.saveButton)).toHaveCount(0);
});

test('the auto-refresh interval: for the session in view mode, saved as refresh_frequency in edit mode', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const births = (await (await page.request.get('/api/v1/dashboard/births')).json()) as { result: { id: number } };
  const copy = await writeJson(page.request, 'POST', `/api/v1/dashboard/${births.result.id}/copy/`, {
    dashboard_title: 'Births (auto refresh)',
    json_metadata: JSON.stringify({ stagger_time: 3000 }),
    duplicate_slices: false,
  });
  const copyId = (copy.result as { id: number }).id;
  // The stored metadata, without what the label-colour sync writes for editors (the colours the charts drew).
  const storedMetadata = async (): Promise<Record<string, unknown>> => {
    const answer = (await (await page.request.get(`/api/v1/dashboard/${copyId}`)).json()) as { result: { json_metadata: string } };
    const metadata = JSON.parse(answer.result.json_metadata) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(metadata).filter(([key]) => key !== 'map_label_colors' && key !== 'shared_label_colors'));
  };
  const dashboard = await DashboardPage.open(page, copyId);
  await expect(dashboard.loadedChart('Total births')).toHaveCount(1);
  const intervalModal = page.getByTestId(testIds.dashboardMenu.refreshIntervalModal);
  const chooseInterval = async (label: string, saveLabel: string): Promise<void> => {
    await page.getByTestId(testIds.dashboardMenu.button).click();
    await page.getByTestId(testIds.dashboardMenu.item).filter({ hasText: /^Set auto-refresh interval$/ }).click();
    await intervalModal.getByLabel('Refresh frequency').selectOption({ label });
    await intervalModal.getByRole('button', { name: saveLabel, exact: true }).click();
    await expect(intervalModal).toHaveCount(0);
  };

  // View mode: for this session only, nothing is stored.
  await chooseInterval('10 seconds', 'Save for this session');
  expect(await storedMetadata()).toEqual({ stagger_time: 3000, version: 1 });

  // Edit mode: the dialog saves with the dashboard.
  await page.getByTestId(testIds.dashboardEdit.editButton).click();
  await chooseInterval('30 seconds', 'Save');
  expect((await storedMetadata()).refresh_frequency).toBeUndefined();
  await page.getByTestId(testIds.dashboardEdit.saveButton).click();
  await expect(dashboard.toasts.filter({ hasText: 'This dashboard was saved successfully.' })).toBeVisible();
  // The page leaves edit mode once the saved dashboard is fetched again; a reload before that would reopen the editor.
  await expect(page).not.toHaveURL(/edit=true/);
  await expect(page.getByTestId(testIds.dashboardEdit.editButton)).toBeVisible();
  expect(await storedMetadata()).toEqual({ stagger_time: 3000, refresh_frequency: 30, version: 1 });

  // The dashboard loads with it: the dialog shows it.
  await page.reload();
  await expect(dashboard.loadedChart('Total births')).toHaveCount(1);
  await page.getByTestId(testIds.dashboardMenu.button).click();
  await page.getByTestId(testIds.dashboardMenu.item).filter({ hasText: /^Set auto-refresh interval$/ }).click();
  await expect(intervalModal.getByLabel('Refresh frequency')).toHaveValue('30');
  await intervalModal.getByRole('button', { name: 'Cancel' }).click();

  // An interval chosen in edit mode and discarded is neither stored nor kept.
  await page.getByTestId(testIds.dashboardEdit.editButton).click();
  await chooseInterval('10 seconds', 'Save');
  await page.getByTestId(testIds.dashboardEdit.discardButton).click();
  // It is an unsaved change: discarding asks first.
  await expect(page.getByTestId(testIds.dashboardEdit.unsavedChangesModal)).toContainText('You have unsaved changes.');
  await page.getByTestId(testIds.dashboardEdit.unsavedChangesLeaveButton).click();
  await expect(page).not.toHaveURL(/edit=true/);
  await page.getByTestId(testIds.dashboardMenu.button).click();
  await page.getByTestId(testIds.dashboardMenu.item).filter({ hasText: /^Set auto-refresh interval$/ }).click();
  await expect(intervalModal.getByLabel('Refresh frequency')).toHaveValue('30');
  expect((await storedMetadata()).refresh_frequency).toBe(30);
});

test('Edit CSS in edit mode applies as typed and is saved with the dashboard; unsaved changes ask before leaving', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const births = (await (await page.request.get('/api/v1/dashboard/births')).json()) as { result: { id: number } };
  const copy = await writeJson(page.request, 'POST', `/api/v1/dashboard/${births.result.id}/copy/`, {
    dashboard_title: 'Births (styled)',
    css: '',
    json_metadata: '{}',
    duplicate_slices: false,
  });
  const copyId = (copy.result as { id: number }).id;
  const storedCss = async (): Promise<string | null> =>
    ((await (await page.request.get(`/api/v1/dashboard/${copyId}`)).json()) as { result: { css: string | null } }).result.css;
  const dashboard = await DashboardPage.open(page, copyId);
  const openMenuItem = async (label: string): Promise<void> => {
    await page.getByTestId(testIds.dashboardMenu.button).click();
    await page.getByTestId(testIds.dashboardMenu.item).filter({ hasText: new RegExp(`^${label}$`) }).click();
  };

  // View mode has no Edit CSS (Superset 6).
  await page.getByTestId(testIds.dashboardMenu.button).click();
  await expect(page.getByTestId(testIds.dashboardMenu.menu)).toBeVisible();
  await expect(page.getByTestId(testIds.dashboardMenu.item).filter({ hasText: /^Edit CSS$/ })).toHaveCount(0);
  await page.getByTestId(testIds.dashboardMenu.button).click();

  // Edit mode: the CSS shows as typed, on the edited title too, before any save.
  await page.getByTestId(testIds.dashboardEdit.editButton).click();
  await expect(page.getByTestId(testIds.dashboard.page)).toHaveAttribute('data-unsaved-changes', 'false');
  await openMenuItem('Edit CSS');
  const css = `[data-testid="${testIds.dashboardEdit.titleInput}"], [data-testid="${testIds.dashboard.title}"] { color: rgb(255, 0, 0) !important; }`;
  await page.getByTestId(testIds.dashboardMenu.cssInput).fill(css);
  await expect(page.getByTestId(testIds.dashboardEdit.titleInput)).toHaveCSS('color', 'rgb(255, 0, 0)');
  await page.getByTestId(testIds.dashboardMenu.cssModal).getByText('Close', { exact: true }).click();
  await expect(page.getByTestId(testIds.dashboard.page)).toHaveAttribute('data-unsaved-changes', 'true');
  expect((await storedCss()) ?? '').toBe('');

  // Leaving for another page asks first; staying keeps the edits.
  await page.getByRole('link', { name: 'Charts' }).first().click();
  await expect(page.getByTestId(testIds.dashboardEdit.unsavedChangesModal)).toContainText('You have unsaved changes.');
  await page.getByTestId(testIds.dashboardEdit.unsavedChangesStayButton).click();
  await expect(page).toHaveURL(new RegExp(`/superset/dashboard/${copyId}/`));
  await expect(page.getByTestId(testIds.dashboardEdit.titleInput)).toHaveCSS('color', 'rgb(255, 0, 0)');

  // Save stores it; the page keeps showing it in view mode and after a reload.
  await page.getByTestId(testIds.dashboardEdit.saveButton).click();
  await expect(dashboard.toasts.filter({ hasText: 'This dashboard was saved successfully.' })).toBeVisible();
  await expect(page.getByTestId(testIds.dashboardEdit.editButton)).toBeVisible();
  expect(await storedCss()).toBe(css);
  await expect(dashboard.title).toHaveCSS('color', 'rgb(255, 0, 0)');
  await page.reload();
  await expect(dashboard.title).toHaveCSS('color', 'rgb(255, 0, 0)');

  // CSS typed and discarded is neither shown nor stored.
  await page.getByTestId(testIds.dashboardEdit.editButton).click();
  await openMenuItem('Edit CSS');
  await page.getByTestId(testIds.dashboardMenu.cssInput).fill('');
  await page.getByTestId(testIds.dashboardMenu.cssModal).getByText('Close', { exact: true }).click();
  await expect(page.getByTestId(testIds.dashboardEdit.titleInput)).not.toHaveCSS('color', 'rgb(255, 0, 0)');
  await page.getByTestId(testIds.dashboardEdit.discardButton).click();
  await page.getByTestId(testIds.dashboardEdit.unsavedChangesLeaveButton).click();
  await expect(dashboard.title).toHaveCSS('color', 'rgb(255, 0, 0)');
  expect(await storedCss()).toBe(css);

  // Closing the tab with unsaved changes: the browser's leave prompt.
  await page.getByTestId(testIds.dashboardEdit.editButton).click();
  await page.getByTestId(testIds.dashboardEdit.titleInput).fill('Births (renamed)');
  await expect(page.getByTestId(testIds.dashboard.page)).toHaveAttribute('data-unsaved-changes', 'true');
  const leavePrompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await leavePrompt;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
});

test('the drop-position indicator: a chart dropped on the left of another lands before it in the row', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const births = (await (await page.request.get('/api/v1/dashboard/births')).json()) as { result: { id: number } };
  const copy = await writeJson(page.request, 'POST', `/api/v1/dashboard/${births.result.id}/copy/`, {
    dashboard_title: 'Births (drop position)',
    json_metadata: '{}',
    duplicate_slices: false,
  });
  const copyId = (copy.result as { id: number }).id;
  type Layout = Record<string, { type: string; children: string[]; meta?: { chartId?: number } }>;
  const readLayout = async (): Promise<Layout> => {
    const answer = (await (await page.request.get(`/api/v1/dashboard/${copyId}`)).json()) as { result: { position_json: string } };
    return JSON.parse(answer.result.position_json) as Layout;
  };
  const genderChartId = (await readLayout())['CHART-births-by-gender']?.meta?.chartId;
  expect(genderChartId).toBeDefined();

  const dashboard = await DashboardPage.open(page, copyId);
  await page.getByTestId(testIds.dashboardEdit.editButton).click();
  await expect(page.getByTestId(testIds.dashboardEdit.pane)).toBeVisible();

  // A row dragged over one of its own charts: the forbidden indicator, and no drop.
  const overTime = page.locator('[data-edit-id="CHART-births-over-time"]');
  await expect(overTime).toBeVisible();
  const rowHandle = page.locator('[data-edit-id="ROW-trends"]').getByLabel('Move').first();
  const forbiddenTransfer = await page.evaluateHandle(() => new DataTransfer());
  const overTimeBox = await overTime.boundingBox();
  if (overTimeBox === null) throw new Error('the chart is not visible');
  const middle = { clientX: overTimeBox.x + overTimeBox.width / 2, clientY: overTimeBox.y + overTimeBox.height / 2 };
  await rowHandle.dispatchEvent('dragstart', { dataTransfer: forbiddenTransfer });
  await overTime.dispatchEvent('dragover', { dataTransfer: forbiddenTransfer, ...middle });
  const indicator = page.getByTestId(testIds.dashboardEdit.dropIndicator);
  await expect(indicator).toHaveAttribute('data-position', 'DROP_FORBIDDEN');
  await expect(indicator).toHaveAttribute('data-target-id', 'CHART-births-over-time');
  await rowHandle.dispatchEvent('dragend', { dataTransfer: forbiddenTransfer });
  await expect(indicator).toHaveCount(0);

  // Take "Births by gender" out of its row, then drop it back on the left of "Births over time".
  await page.locator('[data-edit-id="CHART-births-by-gender"]').getByTestId(testIds.dashboardEdit.deleteButton).click();
  await expect(dashboard.chart('Births by gender')).toHaveCount(0);
  const genderInPane = page.getByTestId(testIds.dashboardEdit.paneChart).filter({ hasText: 'Births by gender' });
  const box = await overTime.boundingBox();
  if (box === null) throw new Error('the chart is not visible');
  const nearLeftEdge = { clientX: box.x + 8, clientY: box.y + box.height / 2 };
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await genderInPane.dispatchEvent('dragstart', { dataTransfer });
  await overTime.dispatchEvent('dragenter', { dataTransfer, ...nearLeftEdge });
  await overTime.dispatchEvent('dragover', { dataTransfer, ...nearLeftEdge });
  // Superset's indicator: a line on the target's left side.
  await expect(indicator).toHaveAttribute('data-position', 'DROP_LEFT');
  const line = await indicator.boundingBox();
  expect(line?.height).toBeCloseTo(box.height, -1);
  expect(Math.abs((line?.x ?? 0) + (line?.width ?? 0) / 2 - box.x)).toBeLessThan(4);
  await overTime.dispatchEvent('drop', { dataTransfer, ...nearLeftEdge });
  await genderInPane.dispatchEvent('dragend', { dataTransfer });
  await expect(indicator).toHaveCount(0);

  const rowCharts = page.locator('[data-component-id="ROW-trends"] [data-component-type="CHART"]');
  await expect(rowCharts).toHaveCount(2);
  await expect(rowCharts.nth(0)).toContainText('Births by gender');
  await expect(rowCharts.nth(1)).toContainText('Births over time');

  await page.getByTestId(testIds.dashboardEdit.saveButton).click();
  await expect(dashboard.toasts.filter({ hasText: 'This dashboard was saved successfully.' })).toBeVisible();
  const saved = await readLayout();
  const row = saved['ROW-trends']?.children ?? [];
  expect(row).toHaveLength(2);
  expect(saved[row[0] ?? '']?.meta?.chartId).toBe(genderChartId);
  expect(row[1]).toBe('CHART-births-over-time');
});
