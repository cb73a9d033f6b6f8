import path from 'node:path';
import { expect, test } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { LoginPage } from '../pages/LoginPage';
import { datasetListIds, ResourceListPage, savedQueryListIds, type ListPageIds } from '../pages/ResourceListPage';
import { createChart } from '../support/dashboardSetup';
import { adminPassword, adminUsername, findDatasetId, writeJson } from '../support/quiverServer';

const tableParams = { groupby: ['gender'], metrics: ['count'], row_limit: 10 };

const chartListIds: ListPageIds = {
  path: '/chart/list/',
  pageTestId: testIds.chartList.page,
  nameLinkTestId: testIds.chartList.nameLink,
};

test('bulk tagging from the chart list, the tag filter, all entities, card mode and the home page recents', async ({ page }, testInfo) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const run = Date.now().toString(36);
  const prefix = `e2e_tags_${run}`;
  // A name longer than 20 characters: chips show it cut with an ellipsis.
  const tagName = `quarterly_review_${run}`;
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const first = await createChart(page.request, `${prefix} First`, 'table', datasetId, tableParams);
  const second = await createChart(page.request, `${prefix} Second`, 'table', datasetId, tableParams);
  const untagged = await createChart(page.request, `${prefix} Third`, 'table', datasetId, tableParams);
  const dashboard = await writeJson(page.request, 'POST', '/api/v1/dashboard/', { dashboard_title: `${prefix} Board`, published: true });
  const dashboardId = dashboard.id as number;
  const ids = [first, second, untagged];
  try {
    // Bulk select two charts and tag them with a new tag.
    const list = await ResourceListPage.openAt(page, chartListIds);
    await list.searchFor(prefix);
    await expect(list.nameLinks).toHaveCount(3);
    await list.bulkSelectToggle.click();
    await list.checkbox(list.row(first)).check();
    await list.checkbox(list.row(second)).check();
    await expect(list.selectedCount).toHaveText('2 Selected');
    await page.getByTestId(testIds.tags.addTag).click();
    const modal = page.getByTestId(testIds.tags.bulkModal);
    await expect(modal.getByRole('heading', { name: 'Bulk tag' })).toBeVisible();
    const tagInput = modal.getByRole('combobox', { name: 'Select Tags' });
    await expect(tagInput).toHaveAttribute('placeholder', 'Select Tags');
    await tagInput.fill(tagName);
    await tagInput.press('Enter');
    await modal.getByTestId(testIds.tags.bulkSave).click();
    await expect(page.getByTestId(testIds.toast.item).filter({ hasText: 'Tagged 2 charts' })).toBeVisible();
    await expect(modal).toBeHidden();

    // The rows show the tag, cut to 20 characters.
    const chip = list.row(first).getByTestId(testIds.tags.chip);
    await expect(chip).toHaveText(`${tagName.slice(0, 20)}...`);
    await expect(list.row(untagged).getByTestId(testIds.tags.chip)).toHaveCount(0);

    // The tag filter keeps the tagged charts.
    await list.selectFilter('tag').selectOption(tagName);
    await expect(list.nameLinks).toHaveText([`${prefix} Second`, `${prefix} First`]);
    await expect(page).toHaveURL(/tag/);

    // Card mode keeps the filter; the cards carry the chips too.
    await list.cardModeButton.click();
    await expect(page).toHaveURL(/viewMode=card/);
    await expect(list.cards).toHaveCount(2);
    await expect(list.card(first).getByTestId(testIds.tags.chip)).toHaveText(`${tagName.slice(0, 20)}...`);
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'chart-list-tagged-cards.png'), fullPage: true });
    await list.tableModeButton.click();

    // The chip opens the tag's objects in a new tab.
    const [entitiesPage] = await Promise.all([page.context().waitForEvent('page'), list.row(first).getByTestId(testIds.tags.chip).click()]);
    await entitiesPage.waitForLoadState();
    await expect(entitiesPage).toHaveURL(/\/superset\/all_entities\/\?id=\d+/);
    const entities = entitiesPage.getByTestId(testIds.tags.entity);
    await expect(entities).toHaveCount(2);
    await expect(entities.filter({ hasText: `${prefix} First` })).toHaveAttribute('data-object-type', 'chart');
    await entitiesPage.screenshot({ path: path.join(testInfo.project.outputDir, 'all-entities.png'), fullPage: true });
    await entitiesPage.close();

    // The tag list has the new tag.
    await page.goto('/superset/tags/');
    await page.getByTestId(testIds.listView.search).fill(run);
    await page.getByTestId(testIds.listView.search).press('Enter');
    await expect(page.getByTestId(testIds.tags.nameLink)).toHaveText([`${tagName.slice(0, 20)}...`]);

    // Visit a dashboard and a chart: the home page's Recents show both as viewed.
    await page.goto(`/superset/dashboard/${dashboardId}/`);
    await expect(page.getByText(`${prefix} Board`).first()).toBeVisible();
    await page.goto(`/explore/?slice_id=${first}`);
    await page.getByTestId(testIds.explore.page).waitFor();
    await page.goto('/superset/welcome/');
    const recents = page.locator(`[data-testid="${testIds.welcome.section}"][data-section="Recents"]`);
    await expect(recents.locator(`[data-testid="${testIds.welcome.tab}"][data-tab="Viewed"]`)).toHaveAttribute('aria-selected', 'true');
    const viewed = recents.getByTestId(testIds.welcome.item);
    await expect(viewed.first()).toContainText(`${prefix} First`);
    await expect(viewed.filter({ hasText: `${prefix} Board` })).toHaveAttribute('data-item-type', 'dashboard');
    await expect(viewed.filter({ hasText: `${prefix} First` })).toHaveAttribute('data-item-type', 'chart');
    expect(await viewed.count()).toBeLessThanOrEqual(5);

    // Edited: charts and dashboards the admin changed, at most 3 of each.
    await recents.locator(`[data-testid="${testIds.welcome.tab}"][data-tab="Edited"]`).click();
    await expect(recents.getByTestId(testIds.welcome.item).filter({ hasText: `${prefix} Board` })).toBeVisible();
    expect(await recents.getByTestId(testIds.welcome.item).count()).toBeLessThanOrEqual(6);

    // Charts, Mine: the newest five charts the admin owns.
    const charts = page.locator(`[data-testid="${testIds.welcome.section}"][data-section="Charts"]`);
    await expect(charts.getByTestId(testIds.welcome.item).filter({ hasText: `${prefix} Third` })).toBeVisible();
    expect(await charts.getByTestId(testIds.welcome.item).count()).toBeLessThanOrEqual(5);
    // Favorite: none starred yet in this run's charts; star one and it shows.
    await writeJson(page.request, 'POST', `/api/v1/chart/${second}/favorites/`, undefined);
    await charts.locator(`[data-testid="${testIds.welcome.tab}"][data-tab="Favorite"]`).click();
    await expect(charts.getByTestId(testIds.welcome.item).filter({ hasText: `${prefix} Second` })).toBeVisible();
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'welcome.png'), fullPage: true });
  } finally {
    await writeJson(page.request, 'DELETE', `/api/v1/chart/${second}/favorites/`, undefined).catch(() => undefined);
    await writeJson(page.request, 'DELETE', `/api/v1/chart/?q=${encodeURIComponent(`!(${ids.join(',')})`)}`, undefined);
    await writeJson(page.request, 'DELETE', `/api/v1/dashboard/${dashboardId}`, undefined);
  }
});

/** Ticks the rows of `ids`, tags them with a new tag through "Add Tag" and waits for the success toast. */
async function tagRowsThroughAddTag(list: ResourceListPage, ids: readonly number[], tagName: string, toastText: string): Promise<void> {
  await list.bulkSelectToggle.click();
  for (const id of ids) await list.checkbox(list.row(id)).check();
  await expect(list.selectedCount).toHaveText(`${ids.length} Selected`);
  await list.page.getByTestId(testIds.tags.addTag).click();
  const modal = list.page.getByTestId(testIds.tags.bulkModal);
  const tagInput = modal.getByRole('combobox', { name: 'Select Tags' });
  await tagInput.fill(tagName);
  await tagInput.press('Enter');
  await modal.getByTestId(testIds.tags.bulkSave).click();
  await expect(list.page.getByTestId(testIds.toast.item).filter({ hasText: toastText })).toBeVisible();
  await expect(modal).toBeHidden();
}

interface TaggedObjectsAnswer {
  result: { id: number; type: string; name: string }[];
}

test('bulk tagging from the dataset and saved query lists, their tag filters and the tag\'s objects', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const run = Date.now().toString(36);
  const prefix = `e2e_dsq_tags_${run}`;
  const tagName = `e2e_dsq_${run}`;
  const birthNames = await findDatasetId(page.request, 'birth_names');
  const examples = (await (await page.request.get(`/api/v1/dataset/${birthNames}`)).json()) as { result: { database: { id: number } } };
  const databaseId = examples.result.database.id;
  const datasetIds: number[] = [];
  const savedQueryIds: number[] = [];
  try {
    for (const suffix of ['tagged', 'untagged']) {
      const dataset = await writeJson(page.request, 'POST', '/api/v1/dataset/', { database: databaseId, schema: 'main', table_name: `${prefix}_${suffix}`, sql: 'SELECT 1 AS one' });
      datasetIds.push(dataset.id as number);
      const savedQuery = await writeJson(page.request, 'POST', '/api/v1/saved_query/', { db_id: databaseId, schema: 'main', label: `${prefix} ${suffix}`, sql: 'SELECT 1 AS one' });
      savedQueryIds.push(savedQuery.id as number);
    }
    const [taggedDataset = 0] = datasetIds;
    const [taggedQuery = 0] = savedQueryIds;

    // The dataset list: tag one of the two datasets; the Tag filter then keeps only it.
    const datasets = await ResourceListPage.openAt(page, datasetListIds);
    await datasets.searchFor(prefix);
    await expect(datasets.nameLinks).toHaveCount(2);
    await tagRowsThroughAddTag(datasets, [taggedDataset], tagName, 'Tagged 1 datasets');
    await datasets.selectFilter('tag').selectOption(tagName);
    await expect(datasets.nameLinks).toHaveText([`${prefix}_tagged`]);

    // The saved query list: the same with a saved query (object type "query").
    const savedQueries = await ResourceListPage.openAt(page, savedQueryListIds);
    await savedQueries.searchFor(prefix);
    await expect(savedQueries.nameLinks).toHaveCount(2);
    await expect(savedQueries.row(taggedQuery).getByTestId(testIds.savedQueryList.nameLink)).toHaveAttribute('href', `/sqllab/?savedQueryId=${taggedQuery}`);
    await tagRowsThroughAddTag(savedQueries, [taggedQuery], tagName, 'Tagged 1 querys');
    await savedQueries.selectFilter('tag').selectOption(tagName);
    await expect(savedQueries.nameLinks).toHaveText([`${prefix} tagged`]);

    // The tag's objects: exactly the dataset and the saved query, through the API and on all_entities.
    const objects = (await (await page.request.get(`/api/v1/tag/get_objects/?tags=${encodeURIComponent(tagName)}`)).json()) as TaggedObjectsAnswer;
    expect(objects.result.map((object) => [object.type, object.id, object.name]).sort()).toEqual([
      ['dataset', taggedDataset, `${prefix}_tagged`],
      ['query', taggedQuery, `${prefix} tagged`],
    ]);
    const tags = (await (await page.request.get(`/api/v1/tag/?q=${encodeURIComponent(`(filters:!((col:name,opr:ct,value:'${tagName}')))`)}`)).json()) as {
      result: { id: number; name: string }[];
    };
    const tagId = tags.result.find((tag) => tag.name === tagName)?.id;
    expect(tagId).toBeDefined();
    await page.goto(`/superset/all_entities/?id=${tagId ?? 0}`);
    const entities = page.getByTestId(testIds.tags.entity);
    await expect(entities).toHaveCount(2);
    await expect(entities.filter({ hasText: `${prefix}_tagged` })).toHaveAttribute('data-object-type', 'dataset');
    await expect(entities.filter({ hasText: `${prefix} tagged` })).toHaveAttribute('data-object-type', 'query');
  } finally {
    if (savedQueryIds.length > 0) await writeJson(page.request, 'DELETE', `/api/v1/saved_query/?q=${encodeURIComponent(`!(${savedQueryIds.join(',')})`)}`, undefined);
    if (datasetIds.length > 0) await writeJson(page.request, 'DELETE', `/api/v1/dataset/?q=${encodeURIComponent(`!(${datasetIds.join(',')})`)}`, undefined);
  }
});
