import { expect, test, type APIRequestContext } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { LoginPage } from '../pages/LoginPage';
import { dashboardListIds, datasetListIds, ResourceListPage } from '../pages/ResourceListPage';
import { adminPassword, adminUsername, findDatasetId, writeJson } from '../support/quiverServer';

/** A prefix no other test's objects carry, so the lists can be narrowed to this run's objects. */
function runPrefix(kind: string): string {
  return `e2e_${kind}_${Date.now().toString(36)}`;
}

async function createDashboard(request: APIRequestContext, title: string, published: boolean): Promise<number> {
  const answer = await writeJson(request, 'POST', '/api/v1/dashboard/', { dashboard_title: title, published });
  return answer.id as number;
}

async function createVirtualDataset(request: APIRequestContext, databaseId: number, name: string): Promise<number> {
  const answer = await writeJson(request, 'POST', '/api/v1/dataset/', { database: databaseId, schema: 'main', table_name: name, sql: 'SELECT 1 AS one' });
  return answer.id as number;
}

/** Deletes what is left of the run's objects (a failed run leaves none behind either). */
async function bulkDeleteLeft(request: APIRequestContext, resource: string, ids: readonly number[]): Promise<void> {
  const listed = await request.get(`/api/v1/${resource}/?q=${encodeURIComponent(`(filters:!((col:id,opr:gt,value:${Math.min(...ids) - 1})),page_size:100)`)}`);
  const left = ((await listed.json()) as { ids: number[] }).ids.filter((id) => ids.includes(id));
  if (left.length > 0) await writeJson(request, 'DELETE', `/api/v1/${resource}/?q=${encodeURIComponent(`!(${left.join(',')})`)}`, undefined);
}

test('the dashboard list filters, sorts, switches to cards and bulk deletes', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const prefix = runPrefix('dash');
  const apple = await createDashboard(page.request, `${prefix} Apple`, true);
  const banana = await createDashboard(page.request, `${prefix} Banana`, false);
  const cherry = await createDashboard(page.request, `${prefix} Cherry`, true);
  try {
    const list = await ResourceListPage.openAt(page, dashboardListIds);

    // The search narrows to this run's dashboards, newest first.
    await list.searchFor(prefix);
    await expect(list.nameLinks).toHaveText([`${prefix} Cherry`, `${prefix} Banana`, `${prefix} Apple`]);
    await expect(list.paginationText).toHaveText('1-3 of 3');

    // The status filter keeps the draft; clearing it brings the others back.
    await list.selectFilter('status').selectOption('draft');
    await expect(list.nameLinks).toHaveText([`${prefix} Banana`]);
    await list.selectFilter('status').selectOption('');
    await expect(list.nameLinks).toHaveCount(3);

    // Sorting by name, ascending.
    await list.sortHeader('dashboard_title').getByRole('button').click();
    await expect(list.sortHeader('dashboard_title')).toHaveAttribute('aria-sort', 'ascending');
    await expect(list.nameLinks).toHaveText([`${prefix} Apple`, `${prefix} Banana`, `${prefix} Cherry`]);

    // Card mode lives in the URL: the cards keep the filter and the order across a reload.
    await list.cardModeButton.click();
    await expect(page).toHaveURL(/viewMode=card/);
    await expect(list.cards).toHaveCount(3);
    await list.cardSort.selectOption({ label: 'Recently modified' });
    await expect(list.nameLinks).toHaveText([`${prefix} Cherry`, `${prefix} Banana`, `${prefix} Apple`]);
    await page.reload();
    await expect(list.cards).toHaveCount(3);
    await expect(list.cardModeButton).toHaveAttribute('aria-pressed', 'true');

    // Bulk delete two cards after confirming.
    await list.bulkSelectToggle.click();
    await expect(list.selectedCount).toHaveText('0 Selected');
    await list.checkbox(list.card(apple)).check();
    await list.checkbox(list.card(banana)).check();
    await expect(list.selectedCount).toHaveText('2 Selected');
    await list.confirmBulkDelete();
    await expect(page.getByTestId(testIds.toast.item).filter({ hasText: 'Deleted 2 dashboards' })).toBeVisible();
    await expect(list.nameLinks).toHaveText([`${prefix} Cherry`]);
    await expect(list.selectedCount).toHaveText('0 Selected');
    const left = await page.request.get(`/api/v1/dashboard/?q=${encodeURIComponent(`(filters:!((col:dashboard_title,opr:sw,value:'${prefix}')))`)}`);
    expect(((await left.json()) as { ids: number[] }).ids).toEqual([cherry]);
  } finally {
    await bulkDeleteLeft(page.request, 'dashboard', [apple, banana, cherry]);
  }
});

test('the dataset list filters by type, sorts, switches to cards and bulk deletes', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const birthNames = await findDatasetId(page.request, 'birth_names');
  const examples = (await (await page.request.get(`/api/v1/dataset/${birthNames}`)).json()) as { result: { database: { id: number } } };
  const prefix = runPrefix('ds');
  const names = ['alpha', 'beta', 'gamma'].map((suffix) => `${prefix}_${suffix}`);
  const ids: number[] = [];
  for (const name of names) ids.push(await createVirtualDataset(page.request, examples.result.database.id, name));
  try {
    const list = await ResourceListPage.openAt(page, datasetListIds);
    await list.searchFor(prefix);
    await expect(list.nameLinks).toHaveText([...names].reverse());

    // Type: all three are virtual; asking for physical ones empties the list.
    await list.selectFilter('kind').selectOption('virtual');
    await expect(list.nameLinks).toHaveCount(3);
    await list.selectFilter('kind').selectOption('physical');
    await expect(list.empty).toContainText('No results match your filter criteria');
    await list.selectFilter('kind').selectOption('');

    // Sorting by name, ascending then descending.
    await list.sortHeader('table_name').getByRole('button').click();
    await expect(list.nameLinks).toHaveText(names);
    await list.sortHeader('table_name').getByRole('button').click();
    await expect(list.sortHeader('table_name')).toHaveAttribute('aria-sort', 'descending');
    await expect(list.nameLinks).toHaveText([...names].reverse());

    // Cards and back to the table.
    await list.cardModeButton.click();
    await expect(list.cards).toHaveCount(3);
    await expect(list.card(ids[0] ?? 0)).toContainText('Virtual');
    await list.tableModeButton.click();
    await expect(page).toHaveURL(/viewMode=table/);
    await expect(list.rows).toHaveCount(3);

    // Bulk delete two rows; "Deselect all" empties the selection.
    await list.bulkSelectToggle.click();
    await list.checkbox(list.row(ids[0] ?? 0)).check();
    await list.checkbox(list.row(ids[1] ?? 0)).check();
    await expect(list.selectedCount).toHaveText('2 Selected');
    await list.deselectAll.click();
    await expect(list.selectedCount).toHaveText('0 Selected');
    await list.checkbox(list.row(ids[0] ?? 0)).check();
    await list.checkbox(list.row(ids[1] ?? 0)).check();
    await list.confirmBulkDelete();
    await expect(page.getByTestId(testIds.toast.item).filter({ hasText: 'Deleted 2 datasets' })).toBeVisible();
    await expect(list.nameLinks).toHaveText([names[2] ?? '']);
  } finally {
    await bulkDeleteLeft(page.request, 'dataset', ids);
  }
});
