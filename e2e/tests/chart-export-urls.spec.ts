import { expect, test, type Locator, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, fetchChartDataRows, findDatasetId, writeJson } from '../support/quiverServer';

/** A table of birth_names: SUM(num) by gender. */
function birthsByGender(datasetId: number): Record<string, unknown> {
  return {
    datasource: `${datasetId}__table`,
    viz_type: 'table',
    query_mode: 'aggregate',
    groupby: ['gender'],
    metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' }],
    row_limit: 10,
    time_range: 'No filter',
  };
}

/** The server's SUM(num) per gender, from the chart data API. */
async function serverSums(page: Page, datasetId: number): Promise<Record<string, number>> {
  const [rows] = await fetchChartDataRows(page.request, {
    datasource: { id: datasetId, type: 'table' },
    queries: [
      {
        columns: ['gender'],
        metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' }],
        row_limit: 10,
        time_range: 'No filter',
      },
    ],
  });
  return Object.fromEntries((rows?.data ?? []).map((row) => [String(row.gender), Number(row['SUM(num)'])]));
}

/** The standalone table's SUM(num) per gender, as the chart holds them (unformatted). */
async function shownSums(page: Page): Promise<Record<string, number>> {
  const column = (name: string): Locator => page.locator(`[data-testid="${testIds.tableChart.cell}"][data-column="${name}"]`);
  const values = (name: string): Promise<string[]> => column(name).evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-value') ?? ''));
  await expect(column('gender').first()).toBeVisible();
  const genders = await values('gender');
  const sums = await values('SUM(num)');
  return Object.fromEntries(genders.map((gender, index) => [gender, Number(sums[index])]));
}

test('a chart opens standalone by slice_id, by form_data and from its embed code, and explore_json answers its export URLs', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const formData = birthsByGender(datasetId);
  const created = await writeJson(page.request, 'POST', '/api/v1/chart/', {
    slice_name: `Standalone births ${Date.now()}`,
    viz_type: 'table',
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify(formData),
  });
  const chartId = Number(created.id);
  expect(chartId).toBeGreaterThan(0);
  const expected = await serverSums(page, datasetId);
  expect(Object.keys(expected).sort()).toEqual(['boy', 'girl']);

  // standalone=1: the chart alone, no navigation, no Explore panels.
  await page.goto(`/explore/?slice_id=${chartId}&standalone=1`);
  await expect(page.getByTestId(testIds.explore.standalone)).toBeVisible();
  expect(await shownSums(page)).toEqual(expected);
  await expect(page.getByTestId(testIds.header.bar)).toHaveCount(0);
  await expect(page.getByTestId(testIds.explore.controlPanel)).toHaveCount(0);

  // Superset's form_data URL names the chart, and its keys override the saved ones.
  const onlyBoys = { slice_id: chartId, adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: '==', comparator: 'boy' }] };
  await page.goto(`/explore/?form_data=${encodeURIComponent(JSON.stringify(onlyBoys))}&standalone=1`);
  await expect(page.getByTestId(testIds.explore.standalone)).toBeVisible();
  expect(await shownSums(page)).toEqual({ boy: expected.boy });

  // Share > Embed code: an iframe of the permalink, standalone, at the chosen size.
  await page.goto(`/explore/?slice_id=${chartId}`);
  await page.getByTestId(testIds.explore.controlPanel).waitFor();
  await page.getByTestId(testIds.exploreHeader.actionsButton).click();
  await page.getByTestId(testIds.exploreHeader.embedCode).click();
  const code = page.getByTestId(testIds.embedCode.code);
  await expect(code).toHaveValue(/<iframe/);
  await page.getByTestId(testIds.embedCode.height).fill('300');
  const html = await code.inputValue();
  expect(html).toContain('  width="600"\n  height="300"\n');
  const src = /src="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(src).toMatch(/\/explore\/p\/[^/]+\/\?standalone=1&height=300$/);
  await page.getByTestId(testIds.embedCode.copyButton).click();
  await expect(page.getByTestId(testIds.toast.item).filter({ hasText: 'Copied to clipboard!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(html);
  await page.goto(src);
  await expect(page.getByTestId(testIds.explore.standalone)).toBeVisible();
  expect(await shownSums(page)).toEqual(expected);
  await expect(page.getByTestId(testIds.header.bar)).toHaveCount(0);

  // The export URLs: explore_json with results, query and csv.
  const exportUrl = (flag: string): string => `/superset/explore_json/?${flag}=true&form_data=${encodeURIComponent(JSON.stringify({ slice_id: chartId }))}`;
  const results = await page.request.get(exportUrl('results'));
  expect(results.status()).toBe(200);
  const answer = (await results.json()) as { data: Record<string, unknown>[]; rowcount: number };
  expect(answer.rowcount).toBe(2);
  expect(Object.fromEntries(answer.data.map((row) => [String(row.gender), Number(row['SUM(num)'])]))).toEqual(expected);
  const query = (await (await page.request.get(exportUrl('query'))).json()) as { query: string; language: string };
  expect(query.language).toBe('sql');
  expect(query.query).toContain('birth_names');
  const csv = await page.request.get(exportUrl('csv'));
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines[0]).toBe('gender,SUM(num)');
  expect(lines.slice(1).sort()).toEqual(Object.entries(expected).map(([gender, sum]) => `${gender},${sum}`).sort());
});
