import { testIds } from '../../web/src/testIds';
import { test, expect } from '../support/adminSession';
import { ChartChanges } from '../pages/ChartChanges';
import { ChartSaving } from '../pages/ChartSaving';
import { ExplorePage } from '../pages/ExplorePage';
import { findDatasetId, writeJson } from '../support/quiverServer';

test("a changed saved chart shows 'Altered', lists its changes in 'Chart changes', and loses the label once overwritten", async ({ page }) => {
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const chartName = `Altered births ${Date.now()}`;
  const created = await writeJson(page.request, 'POST', '/api/v1/chart/', {
    slice_name: chartName,
    viz_type: 'table',
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify({ viz_type: 'table', query_mode: 'aggregate', groupby: ['gender'], metrics: ['count'], row_limit: 10, time_range: 'No filter' }),
  });
  const chartId = created.id as number;

  // Opened as saved: the chart runs and no label shows.
  let explore = await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  const saving = new ChartSaving(page);
  const changes = new ChartChanges(page);
  await expect(saving.title).toHaveText(chartName);
  await expect(explore.cells('gender')).toHaveCount(2);
  await expect(changes.alteredLabel).toHaveCount(0);

  // Change the row limit and add a metric: 'Altered' appears beside the name.
  await explore.chooseSelectOption('row_limit', '100');
  await explore.addSimpleMetric('num', 'SUM');
  await expect(changes.alteredLabel).toBeVisible();
  await expect(changes.alteredLabel).toHaveText(/Altered/);
  await expect(changes.alteredLabel).toHaveAttribute('title', 'Click to see difference');

  // 'Chart changes' lists each control by its label with the saved and the current value.
  await changes.open();
  await expect(changes.modal.getByRole('heading', { name: 'Chart changes' })).toBeVisible();
  expect(await changes.columnHeaders()).toEqual(['Control', 'Before', 'After']);
  expect(await changes.shownRows()).toEqual([
    ['Metrics', 'count', 'count, SUM(num)'],
    ['Row limit', '10', '100'],
  ]);
  await changes.close();

  // Overwrite: the saved params now equal the form data, so the label goes.
  await saving.overwrite();
  await expect(page.getByTestId(testIds.toast.item).filter({ hasText: `Chart [${chartName}] has been overwritten` })).toBeVisible();
  await expect(changes.alteredLabel).toHaveCount(0);

  // Reopened, the chart still matches what was saved.
  explore = await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  await expect(explore.cells('SUM(num)')).toHaveCount(2);
  await expect(changes.alteredLabel).toHaveCount(0);
});
