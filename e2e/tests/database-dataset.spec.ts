import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { LoginPage } from '../pages/LoginPage';
import { datasetListIds, ResourceListPage } from '../pages/ResourceListPage';
import { adminPassword, adminUsername, findDatasetId, writeJson } from '../support/quiverServer';

/** Runs SQL on the local PostgreSQL server with `psql` (trust authentication, user postgres). */
function psql(database: string, sql: string): void {
  execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-c', sql], { stdio: 'pipe' });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(test.info().project.outputDir, `database-dataset-${name}.png`), fullPage: true });
}

test('connect PostgreSQL, add a dataset, edit a metric and upload a CSV', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const databaseName = `quiver_e2e_${suffix}`;
  const connectionName = `E2E warehouse ${suffix}`;
  psql('postgres', `CREATE DATABASE ${databaseName}`);
  psql(databaseName, 'CREATE TABLE orders (id INT, region TEXT, amount DOUBLE PRECISION); INSERT INTO orders VALUES (1, \'north\', 10.5), (2, \'south\', 20)');
  try {
    const login = await LoginPage.open(page);
    await login.logIn(adminUsername, adminPassword);

    // 1. The connection dialog: PostgreSQL by parameters, Test connection, then Connect.
    await page.goto('/databaseview/list/');
    await page.getByTestId(testIds.listActions.addDatabase).click();
    const dialog = page.getByTestId(testIds.databaseModal.dialog);
    await dialog.getByTestId(testIds.databaseModal.engine).selectOption('postgresql');
    await dialog.getByTestId(testIds.databaseModal.databaseName).fill(connectionName);
    // An empty form names each required field.
    await dialog.getByTestId(testIds.databaseModal.save).click();
    await expect(dialog.getByTestId(testIds.databaseModal.fieldError).first()).toHaveText('This is a required field');
    await dialog.getByTestId(testIds.databaseModal.host).fill('127.0.0.1');
    await dialog.getByTestId(testIds.databaseModal.port).fill('5432');
    await dialog.getByTestId(testIds.databaseModal.database).fill(databaseName);
    await dialog.getByTestId(testIds.databaseModal.username).fill('postgres');
    await dialog.getByTestId(testIds.databaseModal.password).fill('not-needed-with-trust');
    await dialog.getByTestId(testIds.databaseModal.allowFileUpload).check();
    await dialog.getByTestId(testIds.databaseModal.testConnection).click();
    await expect(dialog.getByTestId(testIds.databaseModal.testResult)).toHaveText('Connection looks good!');
    await shot(page, 'connection');
    await dialog.getByTestId(testIds.databaseModal.save).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(testIds.databaseList.name).filter({ hasText: connectionName })).toBeVisible();
    const listed = await page.request.get(`/api/v1/database/?q=${encodeURIComponent(`(filters:!((col:database_name,opr:eq,value:'${connectionName}')))`)}`);
    const [connection] = ((await listed.json()) as { result: { id: number }[] }).result;
    expect(connection).toBeDefined();
    const connectionId = connection?.id ?? 0;
    const detail = await page.request.get(`/api/v1/database/${connectionId}`);
    expect(await detail.text()).not.toContain('not-needed-with-trust');

    // 2. /dataset/add/: database, schema, table; the new dataset opens in Explore.
    await page.goto('/dataset/add/');
    await page.getByTestId(testIds.sqlLab.databaseSelect).selectOption({ label: connectionName });
    await page.getByTestId(testIds.sqlLab.schemaSelect).selectOption('public');
    await page.getByTestId(testIds.datasetAdd.table).selectOption('orders');
    await page.getByTestId(testIds.datasetAdd.create).click();
    await expect(page).toHaveURL(/\/explore\/\?datasource_type=table&datasource_id=\d+/);
    const datasetId = await findDatasetId(page.request, 'orders');

    // 3. Edit Dataset: add a metric, confirm the save; the server keeps it.
    const datasets = await ResourceListPage.openAt(page, datasetListIds);
    await datasets.searchFor('orders');
    await expect(datasets.nameLinks).toHaveText(['orders']);
    await page.getByTestId(testIds.listActions.editDataset).first().click();
    const editor = page.getByTestId(testIds.datasetEditor.dialog);
    await expect(editor).toContainText('Edit Dataset orders');
    await editor.getByTestId(testIds.datasetEditor.tabMetrics).click();
    await editor.getByTestId(testIds.datasetEditor.addMetric).click();
    await editor.getByTestId(testIds.datasetEditor.metricName).last().fill('total_amount');
    await editor.getByTestId(testIds.datasetEditor.metricExpression).last().fill('SUM(amount)');
    await editor.getByTestId(testIds.datasetEditor.metricD3format).last().fill(',.1f');
    await shot(page, 'edit-dataset');
    await editor.getByTestId(testIds.datasetEditor.save).click();
    await page.getByTestId(testIds.datasetEditor.confirmOk).click();
    await expect(page.getByText('The dataset has been saved')).toBeVisible();
    const saved = (await (await page.request.get(`/api/v1/dataset/${datasetId}`)).json()) as {
      result: { metrics: { metric_name: string; expression: string; d3format: string | null }[] };
    };
    expect(saved.result.metrics.map((metric) => [metric.metric_name, metric.expression, metric.d3format])).toEqual([
      ['total_amount', 'SUM(amount)', ',.1f'],
    ]);

    // 4. Upload a CSV into the connection; its table gets a dataset.
    await page.goto('/databaseview/list/');
    await page.getByTestId(testIds.listActions.uploadCsv).click();
    const upload = page.getByTestId(testIds.uploadModal.dialog);
    await upload.getByTestId(testIds.uploadModal.database).selectOption({ label: connectionName });
    await upload.getByTestId(testIds.uploadModal.file).setInputFiles({
      name: 'targets.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('region,target,since\nnorth,100,2024-01-01\nsouth,250.5,2024-02-01\n'),
    });
    await upload.getByTestId(testIds.uploadModal.tableName).fill('targets');
    await shot(page, 'upload');
    await upload.getByTestId(testIds.uploadModal.submit).click();
    await expect(upload).toBeHidden();
    const targetsId = await findDatasetId(page.request, 'targets');
    const targets = (await (await page.request.get(`/api/v1/dataset/${targetsId}`)).json()) as {
      result: { columns: { column_name: string; is_dttm: boolean }[] };
    };
    expect(targets.result.columns.map((column) => [column.column_name, column.is_dttm])).toEqual([
      ['region', false],
      ['target', false],
      ['since', true],
    ]);

    // The datasets go first: a database with datasets cannot be deleted.
    await writeJson(page.request, 'DELETE', `/api/v1/dataset/${targetsId}`, undefined);
    await writeJson(page.request, 'DELETE', `/api/v1/dataset/${datasetId}`, undefined);
    await writeJson(page.request, 'DELETE', `/api/v1/database/${connectionId}`, undefined);
    const gone = await page.request.get(`/api/v1/database/${connectionId}`);
    expect(gone.status()).toBe(404);
  } finally {
    psql('postgres', `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  }
});
