import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { LoginPage } from '../pages/LoginPage';
import { SqlLabPage } from '../pages/SqlLabPage';
import { adminPassword, adminUsername, writeJson } from '../support/quiverServer';
import { executeAsJson } from '../support/sqlLabAnswer';

/** Asynchronous SQL Lab runs (spec 002 sections 4 and 7) on the examples with `allow_run_async` on. */

const aggregateSql = 'SELECT gender, SUM(num) AS total FROM birth_names GROUP BY gender ORDER BY gender';
const longSql = 'SELECT count(*) AS n FROM range(100000000000) a WHERE a.range % 7 = 3';

async function examplesId(request: APIRequestContext): Promise<number> {
  const answer = (await (await request.get('/api/v1/database/')).json()) as { result: { id: number; database_name: string }[] };
  const examples = answer.result.find((database) => database.database_name === 'examples');
  if (examples === undefined) throw new Error('no examples database');
  return examples.id;
}

/** Turns the examples' asynchronous execution on for the test, and off again afterwards. */
async function withAsyncExamples(page: Page, run: () => Promise<void>): Promise<void> {
  const id = await examplesId(page.request);
  await writeJson(page.request, 'PUT', `/api/v1/database/${id}`, { allow_run_async: true });
  try {
    await run();
  } finally {
    await writeJson(page.request, 'PUT', `/api/v1/database/${id}`, { allow_run_async: false });
  }
}

test.describe('SQL Lab asynchronous runs', () => {
  test.beforeEach(async ({ page }) => {
    const login = await LoginPage.open(page);
    await login.logIn(adminUsername, adminPassword);
  });

  test('a run is pending, then its stored rows are fetched and shown', async ({ page }, testInfo) => {
    await withAsyncExamples(page, async () => {
      const sqlLab = await SqlLabPage.open(page);
      await sqlLab.chooseDatabase('examples');
      await page.getByTestId(testIds.sqlLab.limitSelect).selectOption('100');
      await sqlLab.typeSql(aggregateSql);
      const executed = page.waitForResponse((response) => response.url().endsWith('/api/v1/sqllab/execute/'));
      const fetched = page.waitForResponse((response) => response.url().includes('/api/v1/sqllab/results/'));
      await sqlLab.runWithKeyboard();

      const executeResponse = await executed;
      expect(executeResponse.status()).toBe(202);
      expect(executeResponse.request().postDataJSON()).toMatchObject({ runAsync: true, queryLimit: 100 });
      const { query } = (await executeResponse.json()) as { query: { state: string; id: string } };
      expect(query.state).toBe('pending');
      // The first poll comes a second later: until then the run shows as pending.
      await expect(page.getByTestId(testIds.sqlLab.resultsPending)).toHaveText('Pending…');
      await page.screenshot({ path: path.join(testInfo.project.outputDir, 'sqllab-async-pending.png'), fullPage: true });

      const resultsResponse = await fetched;
      expect(resultsResponse.ok()).toBe(true);
      expect(decodeURIComponent(new URL(resultsResponse.url()).search)).toMatch(/^\?q=\(key:'[^']+',rows:100\)$/);
      await sqlLab.expectRowCount('2 rows');
      const expected = await executeAsJson(page.request, aggregateSql);
      await expect(sqlLab.cells('gender')).toHaveText(expected.data.map((row) => String(row.gender)));
      await expect(sqlLab.cells('total')).toHaveText(expected.data.map((row) => String(row.total)));

      await page.getByTestId(testIds.sqlLab.southTabHistory).click();
      await expect(sqlLab.historyRows().first()).toHaveAttribute('data-status', 'success');
    });
  });

  test('a long run shows as running and stops', async ({ page }, testInfo) => {
    await withAsyncExamples(page, async () => {
      const sqlLab = await SqlLabPage.open(page);
      await sqlLab.chooseDatabase('examples');
      await sqlLab.typeSql(longSql);
      const executed = page.waitForResponse((response) => response.url().endsWith('/api/v1/sqllab/execute/'));
      const polled = page.waitForResponse((response) => response.url().includes('/api/v1/query/updated_since'));
      const remembered = page.waitForResponse(
        (response) => response.url().includes('/tabstateview/') && (response.request().postData() ?? '').includes('latest_query_id'),
      );
      await sqlLab.runWithKeyboard();
      expect((await executed).status()).toBe(202);
      await expect(page.getByTestId(testIds.sqlLab.resultsPending)).toBeVisible();
      expect((await polled).ok()).toBe(true);
      await expect(page.getByTestId(testIds.sqlLab.resultsRunning)).toHaveText('Running…');
      await page.screenshot({ path: path.join(testInfo.project.outputDir, 'sqllab-async-running.png'), fullPage: true });

      // After a reload the tab's latest query is taken up again: still running, still stoppable.
      expect((await remembered).ok()).toBe(true);
      const polledAgain = page.waitForResponse((response) => response.url().includes('/api/v1/query/updated_since'));
      await page.reload();
      await expect(page.getByTestId(testIds.sqlLab.resultsRunning)).toHaveText('Running…');
      expect((await polledAgain).ok()).toBe(true);

      const stopped = page.waitForResponse((response) => response.url().endsWith('/api/v1/query/stop'));
      await page.getByTestId(testIds.sqlLab.stopButton).click();
      expect((await stopped).ok()).toBe(true);
      await expect(page.getByTestId(testIds.sqlLab.resultsStopped)).toHaveText('Query was stopped');
      await expect(page.getByTestId(testIds.sqlLab.runButton)).toBeVisible();

      // The server ended the run: the history says stopped, and no rows were fetched.
      await page.getByTestId(testIds.sqlLab.southTabHistory).click();
      await expect(sqlLab.historyRows().first()).toHaveAttribute('data-status', 'stopped');
    });
  });
});
