import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, findDatasetId } from '../support/quiverServer';

async function openBirthNames(page: Page): Promise<ExplorePage> {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  return ExplorePage.open(page, datasetId);
}

test.describe("Explore's data pane", () => {
  test('Samples: the first 1,000 rows of the dataset, loaded when the tab opens', async ({ page }, testInfo) => {
    const explore = await openBirthNames(page);
    const datasetId = await findDatasetId(page.request, 'birth_names');
    const isSamplesPost = (url: URL): boolean => url.pathname === '/datasource/samples';
    let samplesRequests = 0;
    page.on('request', (request) => {
      if (isSamplesPost(new URL(request.url()))) samplesRequests += 1;
    });
    await expect(explore.dataPaneTable(0)).toHaveCount(0);
    expect(samplesRequests).toBe(0);

    const [request] = await Promise.all([page.waitForRequest((candidate) => isSamplesPost(new URL(candidate.url()))), explore.openDataPane('Samples')]);
    const url = new URL(request.url());
    expect(request.method()).toBe('POST');
    expect(Object.fromEntries(url.searchParams)).toEqual({ datasource_type: 'table', datasource_id: String(datasetId), force: 'false', per_page: '1000' });

    const samples = explore.dataPaneTable(0);
    await expect(samples.getByTestId(testIds.dataPane.rowCount)).toHaveText('1,000 rows');
    await expect(samples.getByTestId(testIds.dataPane.headerCell)).toHaveText(['ds', 'gender', 'name', 'num', 'state', 'num_boys', 'num_girls']);
    const firstRow = samples.getByTestId(testIds.dataPane.row).first();
    await expect(firstRow.locator('[data-column="ds"]')).toHaveText(/^\d{4}-01-01 00:00:00$/);
    await expect(firstRow.locator('[data-column="gender"]')).toHaveText(/^(boy|girl)$/);

    // Search filters the 1,000 rows in the page: every row shown has a "girl" cell.
    await samples.getByTestId(testIds.dataPane.search).fill('girl');
    await expect(samples.getByTestId(testIds.dataPane.rowCount)).toHaveText(/^[\d,]+ of 1,000 rows$/);
    const genders = await samples.locator(`[data-testid="${testIds.dataPane.cell}"][data-column="gender"]`).allInnerTexts();
    expect(genders.length).toBeGreaterThan(0);
    expect(genders.every((gender) => gender === 'girl')).toBe(true);

    // Back to Results and to Samples again: the samples are not fetched twice.
    await explore.openDataPane('Results');
    await expect(page.getByTestId(testIds.dataPane.idle)).toHaveText('Run a query to display results');
    await explore.openDataPane('Samples');
    await expect(explore.dataPaneTable(0).getByTestId(testIds.dataPane.rowCount)).toHaveText('1,000 rows');
    expect(samplesRequests).toBe(1);

    await page.getByTestId(testIds.header.themeToggle).click();
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'data-pane-samples-dark.png'), fullPage: true });
  });

  test('Results: the rows of the chart, searched and copied as tab-separated text', async ({ page, context }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const explore = await openBirthNames(page);
    await explore.chooseVizType('Table');
    await explore.addGroupby('gender');
    await explore.addSimpleMetric('num', 'SUM');
    await explore.run();
    await expect(explore.chartError).toHaveCount(0);

    await explore.openDataPane('Results');
    const results = explore.dataPaneTable(0);
    await expect(results.getByTestId(testIds.dataPane.rowCount)).toHaveText('2 rows');
    const pane = await explore.readDataPaneTable(0);
    expect(pane.columns).toEqual(['gender', 'SUM(num)']);
    expect(pane.rows.map((row) => row.cells[0]?.text).sort()).toEqual(['boy', 'girl']);

    await results.getByTestId(testIds.dataPane.search).fill('GIRL');
    await expect(results.getByTestId(testIds.dataPane.rowCount)).toHaveText('1 of 2 rows');
    const girlRow = pane.rows.find((row) => row.cells[0]?.text === 'girl');
    await results.getByTestId(testIds.dataPane.copyButton).click();
    await expect(explore.toasts.filter({ hasText: 'Copied to clipboard!' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`gender\tSUM(num)\ngirl\t${girlRow?.cells[1]?.text ?? ''}\n`);
    expect(Number(girlRow?.cells[1]?.text)).toBeGreaterThan(0);

    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'data-pane-results.png'), fullPage: true });
  });
});
