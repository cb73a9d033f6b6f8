import type { APIRequestContext } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { test, expect } from '../support/adminSession';
import { ExplorePage } from '../pages/ExplorePage';
import { ReportPages } from '../pages/ReportPages';

/**
 * Reports end to end: an email report scheduled from a chart's header ("Manage email reports"),
 * listed at `/report/list/`, deactivated from the header's modal, then deleted from it; an alert
 * added on the list page, found with the Type filter and deleted there.
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
  await expect(row.getByTestId(testIds.reports.rowSchedule)).toHaveText('At 09:00 AM, Monday through Friday (UTC)');
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

test('an alert added on the list page is saved with its condition and found by the Type filter', async ({ page }) => {
  const name = `Many births ${Date.now()}`;
  const reports = new ReportPages(page);
  await reports.openListFromSettingsMenu();

  const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/v1/report/'));
  await reports.addAlert({
    name,
    database: 'examples',
    sql: 'SELECT COUNT(*) FROM birth_names',
    condition: '>',
    threshold: '100',
    crontab: '0 9 * * 1',
    recipients: 'ops@example.com',
  });
  const answer = (await (await created).json()) as { id: number; result: { type: string; validator_type: string; validator_config_json: unknown; database: { database_name: string } } };
  expect([answer.result.type, answer.result.validator_type, answer.result.validator_config_json, answer.result.database.database_name]).toEqual([
    'Alert',
    'operator',
    { op: '>', threshold: 100 },
    'examples',
  ]);
  await expect(page.getByText('Alert created')).toBeVisible();

  await reports.filterBy('type', 'Alert');
  const row = reports.row(name);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId(testIds.reports.rowSchedule)).toHaveText('At 09:00 AM, only on Monday (UTC)');
  await expect(row.getByTestId(testIds.reports.rowLog)).toHaveAttribute('href', `/alert/${answer.id}/log`);
  await reports.filterBy('type', 'Report');
  await expect(reports.row(name)).toHaveCount(0);

  await reports.filterBy('type', 'Alert');
  await reports.row(name).getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByTestId(testIds.listView.deleteInput).fill('DELETE');
  await page.getByTestId(testIds.listView.deleteConfirm).click();
  await expect(page.getByText(`Deleted: ${name}`)).toBeVisible();
  await expect(reports.row(name)).toHaveCount(0);
});
