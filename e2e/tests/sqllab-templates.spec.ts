import { expect, test, type Page, type Response } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { ErrorAlert } from '../pages/ErrorAlert';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { SqlLabPage } from '../pages/SqlLabPage';
import { adminPassword, adminUsername, writeJson } from '../support/quiverServer';
import { executeAsJson } from '../support/sqlLabAnswer';

const literalSql = "SELECT COUNT(*) AS n FROM birth_names WHERE gender = 'girl' AND state = 'CA'";
const templatedSql = "SELECT COUNT(*) AS n FROM birth_names WHERE gender = '{{ gender }}' AND state = '{{ url_param('state') }}'";
const misspelledSql = "SELECT COUNT(*) AS n FROM birth_names WHERE gender = '{{ gendr }}' AND state = '{{ url_param('state') }}'";

/** The answer of the next SQL Lab run (`POST /api/v1/sqllab/execute/...`). */
function nextRun(page: Page): Promise<Response> {
  return page.waitForResponse((response) => response.url().includes('/api/v1/sqllab/execute/') && response.request().method() === 'POST');
}

test.describe('SQL Lab template parameters', () => {
  test.beforeEach(async ({ page }) => {
    const login = await LoginPage.open(page);
    await login.logIn(adminUsername, adminPassword);
  });

  test('parameters and url_param() fill the SQL; an undefined one is a Parameter error with a suggestion', async ({ page }) => {
    const sqlLab = await SqlLabPage.open(page, '/sqllab/?state=CA');
    await sqlLab.addTab();
    await sqlLab.chooseDatabase('examples');

    // The literal query's count, run in the editor.
    const expected = await executeAsJson(page.request, literalSql);
    expect(Number(expected.data[0]?.n)).toBeGreaterThan(0);
    await sqlLab.typeSql(literalSql);
    const literalRun = nextRun(page);
    await page.getByTestId(testIds.sqlLab.runButton).click();
    expect((await literalRun).status()).toBe(200);
    await sqlLab.expectRowCount('1 row');
    const literalCount = await sqlLab.cells('n').first().textContent();
    expect(literalCount).not.toBeNull();

    // The tab's parameters are stored on the server tab (after the edit pause).
    const storedParams = page.waitForRequest(
      (request) => request.method() === 'PUT' && /\/tabstateview\/\d+$/.test(request.url()) && (request.postData() ?? '').includes('template_params'),
    );
    await sqlLab.setTemplateParams('{"gender": "girl"}');

    // The templated query gets the same count: `gender` from the parameters, `state` from the page URL.
    await sqlLab.typeSql(templatedSql);
    const templatedRun = nextRun(page);
    await page.getByTestId(testIds.sqlLab.runButton).click();
    const templatedAnswer = await templatedRun;
    expect(templatedAnswer.status()).toBe(200);
    expect(new URL(templatedAnswer.url()).search).toBe('?state=CA');
    expect(templatedAnswer.request().postDataJSON()).toMatchObject({ sql: templatedSql, templateParams: '{"gender": "girl"}' });
    await sqlLab.expectRowCount('1 row');
    await expect(sqlLab.cells('n')).toHaveText([literalCount ?? '']);
    await expect(page).toHaveURL(/\/sqllab\/\?state=CA$/);

    // A misspelled parameter is a Parameter error that suggests the given one.
    await sqlLab.typeSql(misspelledSql);
    const failedRun = nextRun(page);
    await page.getByTestId(testIds.sqlLab.runButton).click();
    expect((await failedRun).status()).toBe(400);
    await expect(sqlLab.parameterError()).toContainText('Parameter error');
    await expect(sqlLab.parameterError().getByTestId(testIds.errorMessage.parameterErrorMessage)).toContainText('"gendr"');
    await expect(sqlLab.parameterError().getByTestId(testIds.errorMessage.parameterSuggestion)).toHaveText([
      'Did you mean: "gender" instead of "gendr"?',
    ]);
    await expect(sqlLab.parameterError().getByTestId(testIds.errorMessage.parameterIssueCode)).toContainText(['Issue 1006']);

    const stored = JSON.parse((await storedParams).postData() ?? '{}') as { template_params?: string };
    expect(stored.template_params).toBe('{"gender": "girl"}');
  });

  test('Estimate cost plans the templated query with the examples engine without running it', async ({ page }) => {
    const sqlLab = await SqlLabPage.open(page, '/sqllab/?state=CA');
    await sqlLab.addTab();
    await sqlLab.chooseDatabase('examples');
    await sqlLab.setTemplateParams('{"gender": "girl"}');
    await sqlLab.typeSql(`${templatedSql}; SELECT * FROM birth_names`);

    const estimated = page.waitForResponse((response) => response.url().includes('/api/v1/sqllab/estimate/'));
    await page.getByTestId(testIds.sqlLab.estimateButton).click();
    const answer = await estimated;
    expect(answer.status()).toBe(200);
    expect(new URL(answer.url()).search).toBe('?state=CA');
    expect(answer.request().postDataJSON()).toMatchObject({ template_params: '{"gender": "girl"}' });
    const body = (await answer.json()) as { result: Array<Record<string, string>> };
    expect(body.result).toHaveLength(2);

    const modal = page.getByTestId(testIds.sqlLab.estimateModal);
    await expect(modal).toContainText('Query cost estimate');
    const cells = modal.getByTestId(testIds.sqlLab.estimateTable).locator('td[data-label="Estimated rows"]');
    await expect(cells).toHaveText([body.result[0]?.['Estimated rows'] ?? '', body.result[1]?.['Estimated rows'] ?? '']);
    // The plain scan is planned at the table's whole row count, which the engine knows.
    const total = await executeAsJson(page.request, 'SELECT COUNT(*) AS n FROM birth_names');
    expect(Number(body.result[1]?.['Estimated rows'])).toBe(Number(total.data[0]?.n));
  });

  test("a chart over a templated dataset with a misspelled parameter shows the server's Parameter error with its suggestion", async ({ page }) => {
    const databases = (await (await page.request.get('/api/v1/database/')).json()) as { result: { id: number; database_name: string }[] };
    const examples = databases.result.find((database) => database.database_name === 'examples')?.id;
    expect(examples).toBeDefined();
    const stamp = Date.now();
    // Created with a parameter the dataset gives (its columns are read from the rendered SQL)...
    const dataset = await writeJson(page.request, 'POST', '/api/v1/dataset/', {
      database: examples,
      schema: 'main',
      table_name: `births of one gender ${stamp}`,
      sql: "SELECT gender, num FROM birth_names WHERE gender = '{{ gender }}'",
      template_params: '{"gender": "girl"}',
    });
    const datasetId = dataset.id as number;
    // ...then edited to name one it does not.
    await writeJson(page.request, 'PUT', `/api/v1/dataset/${datasetId}`, {
      sql: "SELECT gender, num FROM birth_names WHERE gender = '{{ gendr }}'",
    });
    const params = {
      datasource: `${datasetId}__table`,
      viz_type: 'table',
      groupby: ['gender'],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' }],
      adhoc_filters: [],
      row_limit: 10,
      time_range: 'No filter',
    };
    const chart = await writeJson(page.request, 'POST', '/api/v1/chart/', {
      slice_name: `Misspelled parameter ${stamp}`,
      viz_type: 'table',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify(params),
    });

    const chartData = page.waitForResponse((response) => response.url().includes('/api/v1/chart/data') && response.request().method() === 'POST');
    const explore = await ExplorePage.openPath(page, `/explore/?slice_id=${String(chart.id)}`);
    expect((await chartData).status()).toBe(400);
    const error = new ErrorAlert(explore.chartError);
    await expect(error.alert).toHaveAttribute('data-error-display', 'parameter');
    await expect(error.title).toHaveText('Parameter error');
    const parameterError = explore.chartError.getByTestId(testIds.errorMessage.parameterError);
    await expect(parameterError.getByTestId(testIds.errorMessage.parameterErrorMessage)).toContainText('"gendr"');
    await expect(parameterError.getByTestId(testIds.errorMessage.parameterSuggestion)).toHaveText([
      'Did you mean: "gender" instead of "gendr"?',
    ]);
    await expect(parameterError.getByTestId(testIds.errorMessage.parameterIssueCode)).toContainText(['Issue 1006']);
  });
});
