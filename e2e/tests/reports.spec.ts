import type { APIRequestContext } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { test, expect } from '../support/adminSession';
import { ExplorePage } from '../pages/ExplorePage';
import { ReportPages } from '../pages/ReportPages';

/**
 * Reports end to end: an email report scheduled from a chart's header ("Manage email reports"),
 * listed at `/report/list/`, deactivated from the header's modal, then deleted from it.
 */

async function chartIdNamed(request: APIRequestContext, sliceName: string): Promise<number> {
  const q = `(filters:!((col:slice_name,opr:eq,value:'${sliceName}')),page:0,page_size:25)`;
  const response = await request.get(`/api/v1/chart/?q=${encodeURIComponent(q)}`);
  if (!response.ok()) throw new Error(`chart list answered ${response.status()}: ${await response.text()}`);
  const answer = (await response.json()) as { result: { id: number; slice_name: string }[] };
  const chart = answer.result.find((item) => item.slice_name === sliceName);
  if (chart === undefined) throw new Error(`no chart named ${sliceName}`);
  return chart.id;
}

test('a report made on a chart is listed, deactivated and deleted', async ({ page }) => {
  const name = `Births by gender weekly ${Date.now()}`;
  const chartId = await chartIdNamed(page.request, 'Births by gender');
  const reports = new ReportPages(page);

  await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  await reports.openFromExploreHeader();
  await expect(reports.modal).toContainText('Schedule a new email report');
  await reports.schedule({ name, description: 'Made by the reports e2e test', crontab: '0 9 * * 1-5', format: 'CSV' });
  await expect(page.getByText('The report has been created')).toBeVisible();

  await reports.openListFromSettingsMenu();
  const row = reports.row(name);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Births by gender');
  await expect(row).toContainText('0 9 * * 1-5 (UTC)');
  await expect(row).toContainText('Email');
  await expect(row.getByTestId(testIds.reports.rowActive)).toBeChecked();

  await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  await reports.openFromExploreHeader();
  await expect(reports.modal).toContainText('Edit email report');
  await expect(reports.modal.getByTestId(testIds.reports.name)).toHaveValue(name);
  await expect(reports.activeToggle).toBeChecked();
  const deactivated = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/api\/v1\/report\/\d+$/.test(response.url()));
  await reports.activeToggle.click();
  expect((await deactivated).status()).toBe(200);
  await expect(reports.activeToggle).not.toBeChecked();

  await reports.openListFromSettingsMenu();
  await expect(reports.row(name).getByTestId(testIds.reports.rowActive)).not.toBeChecked();

  await ExplorePage.openPath(page, `/explore/?slice_id=${chartId}`);
  await reports.openFromExploreHeader();
  await reports.deleteFromModal();
  await expect(page.getByText(`Deleted: ${name}`)).toBeVisible();
  await reports.openListFromSettingsMenu();
  await expect(reports.row(name)).toHaveCount(0);
});
