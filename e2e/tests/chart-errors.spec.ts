import path from 'node:path';
import type { Page } from '@playwright/test';
import { ErrorAlert } from '../pages/ErrorAlert';
import { ExplorePage } from '../pages/ExplorePage';
import { expect, test } from '../support/adminSession';
import { findDatasetId, writeJson } from '../support/quiverServer';

/** A table of births by state whose one metric is custom SQL, saved through the API. Answers its id. */
async function createTableWithSqlMetric(page: Page, name: string, sqlExpression: string): Promise<number> {
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const params = {
    datasource: `${datasetId}__table`,
    viz_type: 'table',
    groupby: ['state'],
    metrics: [{ expressionType: 'SQL', sqlExpression, label: 'broken_metric' }],
    adhoc_filters: [],
    row_limit: 10,
    time_range: 'No filter',
  };
  const answer = await writeJson(page.request, 'POST', '/api/v1/chart/', {
    slice_name: name,
    viz_type: 'table',
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify(params),
  });
  return answer.id as number;
}

/** The chart's owners as the error display names them, read from the chart API. */
async function ownerNames(page: Page, chartId: number): Promise<string[]> {
  const answer = (await (await page.request.get(`/api/v1/chart/${chartId}`)).json()) as {
    result: { owners: { first_name: string; last_name: string }[] };
  };
  return answer.result.owners.map((owner) => `${owner.first_name} ${owner.last_name}`.trim());
}

test("a custom SQL metric on a missing column shows 'DuckDB Error' with the issue code and the chart owner", async ({ page }, testInfo) => {
  const chartId = await createTableWithSqlMetric(page, `Broken metric ${Date.now()}`, 'SUM(no_such_column)');
  const [owner] = await ownerNames(page, chartId);
  if (owner === undefined) throw new Error('the new chart has no owner');

  const explore = await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  const error = new ErrorAlert(explore.chartError);

  await expect(error.alert).toHaveAttribute('data-error-display', 'database');
  await expect(error.title).toHaveText('DuckDB Error');
  await expect(error.message).toContainText('DuckDB Error:');
  await expect(error.message).toContainText('no_such_column');
  await expect(error.detailsToggle).toHaveText('See more');
  const details = await error.openDetails();
  expect(details).toContain('This may be triggered by:');
  expect(details).toContain('Issue 1002 - The database returned an unexpected error.');
  expect(details).toContain('Please reach out to the Chart Owner for assistance.');
  expect(details).toContain(`Chart Owner: ${owner}`);
  await expect(error.detailsToggle).toHaveText('See less');
  await explore.chartError.screenshot({ path: path.join(testInfo.project.outputDir, 'chart-error-duckdb.png') });
});

test("a custom SQL metric that does not parse shows 'Unable to parse SQL' with the offending line and a caret", async ({ page }) => {
  const chartId = await createTableWithSqlMetric(page, `Unparsable metric ${Date.now()}`, 'SUM(num)\n  + )');

  const explore = await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  const error = new ErrorAlert(explore.chartError);

  await expect(error.alert).toHaveAttribute('data-error-display', 'invalid-sql');
  await expect(error.title).toHaveText('Unable to parse SQL');
  await expect(error.message).toContainText('Unable to parse SQL:');
  // The server sends the fragment with the parser's line and column: line 2, the `)` at column 5.
  const offendingLine = error.description.locator('[data-sql-line="2"]');
  const caret = error.description.locator('[data-sql-caret="5"]');
  await expect(caret).toBeVisible();
  // Exact text, spaces included (toHaveText would collapse them).
  expect(await offendingLine.textContent()).toBe('  + )');
  expect(await caret.textContent()).toBe('    ^');
});
