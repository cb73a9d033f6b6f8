import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/adminSession';
import { UploadDialog } from '../pages/UploadDialog';
import { findDatasetId, writeJson } from '../support/quiverServer';
import { writeXlsx } from '../support/xlsxFiles';

/** Runs SQL on the local PostgreSQL server with `psql` (trust authentication, user postgres); returns its unaligned output. */
function psql(database: string, sql: string): string {
  return execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-tAc', sql], {
    stdio: 'pipe',
  })
    .toString()
    .trim();
}

/** A Parquet file of three records (written with pyarrow): id (int32), city (text), amount (float), day (date 2024-01-02 on). */
const salesParquet = readFileSync(path.join(__dirname, '../fixtures/sales.parquet'));

test('a CSV, an Excel and a Parquet file are uploaded through the "+" > Data menu; a bad row is named', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const databaseName = `quiver_uploads_${suffix}`;
  const connectionName = `E2E uploads ${suffix}`;
  psql('postgres', `CREATE DATABASE ${databaseName}`);
  const datasetIds: number[] = [];
  let connectionId = 0;
  try {
    await page.goto('/dashboard/list/');
    const created = await writeJson(page.request, 'POST', '/api/v1/database/', {
      database_name: connectionName,
      sqlalchemy_uri: `postgres://postgres@127.0.0.1:5432/${databaseName}`,
      allow_file_upload: true,
    });
    connectionId = Number(created.id);
    await page.reload();

    // CSV: the dialog's progress runs to the end, the toast names the table, the rows land.
    const csv = await UploadDialog.openFromDataMenu(page, 'csvUpload');
    await expect(csv.dialog).toContainText('CSV Upload');
    await csv.fill(
      connectionName,
      { name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from('name,age,joined\nann,31,2024-01-02\nbob,28,2024-02-03\ncid,45,2024-03-04\n') },
      'e2e_people',
    );
    await csv.submit();
    await expect(csv.dialog).toBeHidden();
    await expect(page.getByText('CSV file "people.csv" uploaded to table "e2e_people"')).toBeVisible();
    expect(psql(databaseName, 'SELECT COUNT(*) FROM e2e_people')).toBe('3');
    datasetIds.push(await findDatasetId(page.request, 'e2e_people'));

    // A row that does not read: the dialog shows the server's message naming it; no table.
    const broken = await UploadDialog.openFromDataMenu(page, 'csvUpload');
    await broken.fill(connectionName, { name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n3,4,5\n') }, 'e2e_broken');
    await broken.submit();
    await expect(broken.error).toHaveText('Row 3: expected 2 values, found 3');
    expect(psql(databaseName, "SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'e2e_broken'")).toBe('0');
    await broken.close();

    // Excel: the named sheet, its numbers kept as numbers.
    const excel = await UploadDialog.openFromDataMenu(page, 'excelUpload');
    await expect(excel.dialog).toContainText('Excel Upload');
    const workbook = writeXlsx('staff', [
      ['name', 'salary'],
      ['dee', 1200.5],
      ['eve', 990],
    ]);
    await excel.fill(
      connectionName,
      { name: 'staff.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook },
      'e2e_staff',
      'staff',
    );
    await excel.submit();
    await expect(excel.dialog).toBeHidden();
    expect(psql(databaseName, 'SELECT SUM(salary) FROM e2e_staff')).toBe('2190.5');
    datasetIds.push(await findDatasetId(page.request, 'e2e_staff'));

    // Parquet: its types kept (the date column is a date).
    const columnar = await UploadDialog.openFromDataMenu(page, 'columnarUpload');
    await expect(columnar.dialog).toContainText('Columnar Upload');
    await columnar.fill(connectionName, { name: 'sales.parquet', mimeType: 'application/octet-stream', buffer: salesParquet }, 'e2e_sales');
    await columnar.submit();
    await expect(columnar.dialog).toBeHidden();
    expect(psql(databaseName, 'SELECT COUNT(*) FROM e2e_sales')).toBe('3');
    expect(psql(databaseName, "SELECT data_type FROM information_schema.columns WHERE table_name = 'e2e_sales' AND column_name = 'day'")).toBe('date');
    datasetIds.push(await findDatasetId(page.request, 'e2e_sales'));
  } finally {
    for (const id of datasetIds) await writeJson(page.request, 'DELETE', `/api/v1/dataset/${id}`, undefined);
    if (connectionId !== 0) await writeJson(page.request, 'DELETE', `/api/v1/database/${connectionId}`, undefined);
    psql('postgres', `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  }
});
