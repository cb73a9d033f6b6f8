import { expect, test, type APIRequestContext } from '@playwright/test';
import { ChartListPage } from '../pages/ChartListPage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, writeJson } from '../support/quiverServer';

interface ChartListAnswer {
  count: number;
  ids: number[];
  result: { id: number; slice_name: string }[];
}

async function listCharts(request: APIRequestContext, q: string): Promise<ChartListAnswer> {
  const response = await request.get(`/api/v1/chart/?q=${encodeURIComponent(q)}`);
  if (!response.ok()) throw new Error(`chart list answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as ChartListAnswer;
}

const page25 = 'order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25';

test('the chart list shows, searches, sorts, stars and filters the charts, keeping its state in the URL', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);

  // Start from no starred chart, whatever ran before.
  const starred = await listCharts(page.request, '(filters:!((col:id,opr:chart_is_favorite,value:!t)),page:0,page_size:100)');
  for (const id of starred.ids) await writeJson(page.request, 'DELETE', `/api/v1/chart/${id}/favorites/`, undefined);

  const all = await listCharts(page.request, `(filters:!(),${page25})`);
  expect(all.count).toBeGreaterThan(1);

  // Every example chart is listed, newest first, with the count the API gives.
  const list = await ChartListPage.open(page);
  await expect(list.nameLinks).toHaveText(all.result.map((chart) => chart.slice_name));
  await expect(list.paginationText).toHaveText(`1-${Math.min(25, all.count)} of ${all.count}`);

  // Search narrows the rows to those the API answers for the same search.
  const target = all.result[all.result.length - 1];
  if (target === undefined) throw new Error('no chart');
  const term = target.slice_name.split(' ').sort((a, b) => b.length - a.length)[0] ?? target.slice_name;
  const searched = await listCharts(page.request, `(filters:!((col:slice_name,opr:chart_all_text,value:'${term.replace(/!/g, '!!').replace(/'/g, "!'")}')),${page25})`);
  expect(searched.count).toBeGreaterThan(0);
  await list.searchFor(`  ${term}  `);
  await expect(list.nameLinks).toHaveText(searched.result.map((chart) => chart.slice_name));
  await expect(list.paginationText).toHaveText(`1-${searched.count} of ${searched.count}`);
  await expect(page).toHaveURL(/filters=/);
  await list.searchFor('');
  await expect(list.nameLinks).toHaveCount(Math.min(25, all.count));

  // Sorting by name orders the rows, ascending then descending.
  await list.sortHeader('slice_name').getByRole('button').click();
  await expect(list.sortHeader('slice_name')).toHaveAttribute('aria-sort', 'ascending');
  const byName = await listCharts(page.request, '(filters:!(),order_column:slice_name,order_direction:asc,page:0,page_size:25)');
  await expect(list.nameLinks).toHaveText(byName.result.map((chart) => chart.slice_name));
  const shownNames = await list.nameLinks.allTextContents();
  expect(shownNames).toEqual([...shownNames].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  await list.sortHeader('slice_name').getByRole('button').click();
  await expect(list.sortHeader('slice_name')).toHaveAttribute('aria-sort', 'descending');
  const byNameDesc = await listCharts(page.request, '(filters:!(),order_column:slice_name,order_direction:desc,page:0,page_size:25)');
  await expect(list.nameLinks).toHaveText(byNameDesc.result.map((chart) => chart.slice_name));

  // Starring a chart shown on this page (more charts than a page may exist), then filtering
  // Favorite = yes, shows just it.
  const favorite = byNameDesc.result[0];
  if (favorite === undefined) throw new Error('no chart');
  await list.favoriteStar(favorite.id).click();
  await expect(list.favoriteStar(favorite.id)).toHaveAttribute('aria-pressed', 'true');
  await list.selectFilter('favorite').selectOption('yes');
  await expect(list.nameLinks).toHaveText([favorite.slice_name]);
  await expect(list.paginationText).toHaveText('1-1 of 1');

  // The URL keeps the filter and the sort across a reload.
  await page.reload();
  await expect(list.nameLinks).toHaveText([favorite.slice_name]);
  await expect(list.selectFilter('favorite')).toHaveValue('yes');
  await expect(list.sortHeader('slice_name')).toHaveAttribute('aria-sort', 'descending');

  // Unstarring empties the favorite list: the filtered empty state, then clear all filters.
  await list.favoriteStar(favorite.id).click();
  await expect(list.empty).toContainText('No results match your filter criteria');
  await list.clearFilters.click();
  await expect(list.nameLinks).toHaveCount(Math.min(25, all.count));

  // A search with no match shows the empty state texts.
  await list.searchFor('no chart is called this zzqx');
  await expect(list.empty).toContainText('No results match your filter criteria');
  await expect(list.empty).toContainText('Try different criteria to display results.');
  await expect(list.clearFilters).toBeVisible();
});
