import { expect, test } from '@playwright/test';
import { DatasetDialogs } from '../pages/DatasetDialogs';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, findDatasetId, writeJson } from '../support/quiverServer';

interface DatasetAnswer {
  result: {
    table_name: string;
    database: { id: number };
    metrics: { metric_name: string; verbose_name: string | null; expression: string; extra: string | null }[];
  };
}

test('swap the dataset under a chart in Explore, then edit a metric of the new dataset and save it', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const birthNamesId = await findDatasetId(page.request, 'birth_names');
  const birthNames = (await (await page.request.get(`/api/v1/dataset/${birthNamesId}`)).json()) as DatasetAnswer;
  const created = await writeJson(page.request, 'POST', '/api/v1/dataset/', {
    database: birthNames.result.database.id,
    schema: 'main',
    table_name: 'e2e_swapped_births',
    sql: 'SELECT gender, num FROM birth_names',
  });
  const swappedId = created.id as number;

  try {
    await ExplorePage.open(page, birthNamesId);
    const dialogs = new DatasetDialogs(page);
    await expect(dialogs.datasetName).toHaveText('birth_names');

    // Swap dataset: search, choose, the warning, Proceed.
    await dialogs.openSwap();
    await expect(dialogs.swapDialog).toContainText('Swap dataset');
    await dialogs.chooseInSwap('e2e_swapped', 'e2e_swapped_births');
    await expect(dialogs.swapConfirm).toContainText(
      'Warning! Changing the dataset may break the chart if the chart relies on columns or metadata that does not exist in the target dataset',
    );
    await dialogs.proceedSwap();
    await expect(dialogs.toasts.filter({ hasText: 'Successfully changed dataset!' })).toBeVisible();
    await expect(dialogs.swapConfirm).toHaveCount(0);
    await expect(dialogs.datasetName).toHaveText('e2e_swapped_births');

    // Edit Dataset: add a certified metric, confirm with the warning, saved.
    await dialogs.openEditor();
    await expect(dialogs.editor).toContainText('Edit Dataset e2e_swapped_births');
    await dialogs.addMetric({ name: 'total_births', expression: 'SUM(num)', label: 'Total births', certifiedBy: 'E2E team' });
    await dialogs.save();
    await expect(dialogs.editorConfirm).toContainText('The dataset configuration exposed here affects all the charts using this dataset.');
    await dialogs.confirmSave();
    await expect(dialogs.toasts.filter({ hasText: 'The dataset has been saved' })).toBeVisible();
    await expect(dialogs.editor).toHaveCount(0);
    await expect(dialogs.metricItems.filter({ hasText: 'Total births' })).toBeVisible();

    const saved = (await (await page.request.get(`/api/v1/dataset/${swappedId}`)).json()) as DatasetAnswer;
    const metric = saved.result.metrics.find((candidate) => candidate.metric_name === 'total_births');
    expect(metric?.expression).toBe('SUM(num)');
    expect(metric?.verbose_name).toBe('Total births');
    expect(JSON.parse(metric?.extra ?? '{}')).toEqual({ certification: { certified_by: 'E2E team', details: '' } });
  } finally {
    await writeJson(page.request, 'DELETE', `/api/v1/dataset/${swappedId}`, undefined);
  }
});
