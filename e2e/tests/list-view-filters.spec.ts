import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';
import { ResourceListPage, savedQueryListIds } from '../pages/ResourceListPage';
import { adminPassword, adminUsername, findDatasetId, writeJson } from '../support/quiverServer';

test('the saved query list filters by database and schema, and emptying the search clears it', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const prefix = `e2e_sq_filters_${Date.now().toString(36)}`;
  const birthNames = await findDatasetId(page.request, 'birth_names');
  const examples = (await (await page.request.get(`/api/v1/dataset/${birthNames}`)).json()) as { result: { database: { id: number } } };
  const databaseId = examples.result.database.id;
  const ids: number[] = [];
  try {
    for (const schema of ['main', `${prefix}_schema`]) {
      const saved = await writeJson(page.request, 'POST', '/api/v1/saved_query/', { db_id: databaseId, schema, label: `${prefix} in ${schema}`, sql: 'SELECT 1' });
      ids.push(saved.id as number);
    }

    const list = await ResourceListPage.openAt(page, savedQueryListIds);
    await list.searchFor(`  ${prefix}  `);
    await expect(list.nameLinks).toHaveCount(2);
    await expect(list.search).toHaveValue(prefix);

    // Schema options come from distinct/schema, the database's from related/database.
    await list.selectFilter('schema').selectOption(`${prefix}_schema`);
    await expect(list.nameLinks).toHaveText([`${prefix} in ${prefix}_schema`]);
    await list.selectFilter('schema').selectOption('');
    await list.selectFilter('database').selectOption(String(databaseId));
    await expect(list.nameLinks).toHaveCount(2);

    // Emptying the search box clears the search filter at once: every saved query is back.
    await list.search.fill('');
    await expect(page).not.toHaveURL(/e2e_sq_filters_/);
    await expect(list.selectFilter('database')).toHaveValue(String(databaseId));
  } finally {
    if (ids.length > 0) await writeJson(page.request, 'DELETE', `/api/v1/saved_query/?q=!(${ids.join(',')})`, undefined);
  }
});
