import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { LoginPage } from '../pages/LoginPage';
import { createChart } from '../support/dashboardSetup';
import { adminPassword, adminUsername, findDatasetId, writeJson } from '../support/quiverServer';

/** Types `name` into the select `combobox` and picks the option of that name. */
async function pick(modal: Locator, label: string, name: string): Promise<void> {
  const combobox = modal.getByRole('combobox', { name: label });
  await combobox.click();
  await combobox.fill(name);
  await modal.getByRole('option', { name }).click();
  await combobox.press('Escape');
}

test('"+ Tag" creates a tag on a dashboard and a chart: it is listed, and all entities shows both', async ({ page }, testInfo) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const run = Date.now().toString(36);
  const prefix = `e2e_tagform_${run}`;
  const tagName = `form_${run}`;
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const chartId = await createChart(page.request, `${prefix} Chart`, 'table', datasetId, { groupby: ['gender'], metrics: ['count'], row_limit: 10 });
  const dashboard = await writeJson(page.request, 'POST', '/api/v1/dashboard/', { dashboard_title: `${prefix} Board` });
  const dashboardId = dashboard.id as number;
  let tagId: number | null = null;
  try {
    await page.goto('/superset/tags/');
    await page.getByTestId(testIds.tags.addButton).click();
    const modal = page.getByTestId(testIds.tags.modal);
    await expect(modal.getByText('Create Tag')).toBeVisible();
    await modal.getByTestId(testIds.tags.modalName).fill(tagName);
    await modal.getByTestId(testIds.tags.modalDescription).fill('Made in the tag form');
    await pick(modal, 'Select dashboards', `${prefix} Board`);
    await pick(modal, 'Select charts', `${prefix} Chart`);
    await expect(modal.getByTestId(testIds.tags.modalDashboards).getByTestId(testIds.select.tag)).toContainText(`${prefix} Board`);
    await expect(modal.getByTestId(testIds.tags.modalCharts).getByTestId(testIds.select.tag)).toContainText(`${prefix} Chart`);
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'tag-form.png'), fullPage: true });
    await modal.getByTestId(testIds.tags.modalSave).click();
    await expect(page.getByTestId(testIds.toast.item).filter({ hasText: 'Tag created' })).toBeVisible();
    await expect(modal).toBeHidden();

    // The list shows the new tag (refreshed without a reload).
    await page.getByTestId(testIds.listView.search).fill(run);
    await page.getByTestId(testIds.listView.search).press('Enter');
    const link = page.getByTestId(testIds.tags.nameLink);
    await expect(link).toHaveText([tagName]);
    const href = await link.getAttribute('href');
    const match = /\/superset\/all_entities\/\?id=(\d+)/.exec(href ?? '');
    expect(match).not.toBeNull();
    tagId = Number(match?.[1]);

    // All entities lists the dashboard and the chart.
    await page.goto(`/superset/all_entities/?id=${tagId}`);
    await expect(page.getByRole('heading', { name: `Tagged with ${tagName}` })).toBeVisible();
    const entities = page.getByTestId(testIds.tags.entity);
    await expect(entities).toHaveCount(2);
    await expect(entities.filter({ hasText: `${prefix} Board` })).toHaveAttribute('data-object-type', 'dashboard');
    await expect(entities.filter({ hasText: `${prefix} Chart` })).toHaveAttribute('data-object-type', 'chart');

    // Edit from the row: the form holds the tag's objects; dropping the chart leaves the dashboard.
    await page.goto('/superset/tags/');
    await page.getByTestId(testIds.listView.search).fill(run);
    await page.getByTestId(testIds.listView.search).press('Enter');
    await expect(page.getByTestId(testIds.tags.nameLink)).toHaveText([tagName]);
    await page.getByTestId(testIds.tags.editRow).click();
    await expect(modal.getByText('Edit Tag')).toBeVisible();
    await expect(modal.getByTestId(testIds.tags.modalName)).toHaveValue(tagName);
    await modal.getByRole('button', { name: `Remove ${prefix} Chart` }).click();
    await modal.getByTestId(testIds.tags.modalSave).click();
    await expect(page.getByTestId(testIds.toast.item).filter({ hasText: 'Tag updated' })).toBeVisible();
    await page.goto(`/superset/all_entities/?id=${tagId}`);
    await expect(page.getByTestId(testIds.tags.entity)).toHaveCount(1);
    await expect(page.getByTestId(testIds.tags.entity)).toHaveAttribute('data-object-type', 'dashboard');
  } finally {
    if (tagId !== null) await writeJson(page.request, 'DELETE', `/api/v1/tag/${tagId}`, undefined).catch(() => undefined);
    await writeJson(page.request, 'DELETE', `/api/v1/chart/${chartId}`, undefined);
    await writeJson(page.request, 'DELETE', `/api/v1/dashboard/${dashboardId}`, undefined);
  }
});
