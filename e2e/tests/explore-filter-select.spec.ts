import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, findDatasetId } from '../support/quiverServer';

/** A filter of the posted query object: `{col: "state", op: "IN", val: [...]}`. */
interface PostedFilter {
  col: unknown;
  op: string;
  val?: unknown;
}

/** birth_names as a table of SUM(num) by state, before any filter. */
async function openStateTable(page: Page): Promise<{ explore: ExplorePage; datasetId: number }> {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');
  const explore = await ExplorePage.open(page, datasetId);
  await explore.chooseVizType('Table');
  await explore.addGroupby('state');
  await explore.addSimpleMetric('num', 'SUM');
  return { explore, datasetId };
}

function postedFilters(queryContext: Record<string, unknown>): PostedFilter[] {
  const queries = queryContext.queries as { filters?: PostedFilter[] }[];
  return queries[0]?.filters ?? [];
}

test.describe('Explore adhoc filter value select', () => {
  test('IN: suggested values, pasted "CA,NY;TX<tab>FL<CRLF>IL" split into tags, the query filters on them', async ({ page }, testInfo) => {
    const { explore, datasetId } = await openStateTable(page);
    await explore.startSimpleFilter('state', 'In');

    // The values come from the column values endpoint when the select opens.
    const valuesPath = `/api/v1/datasource/table/${datasetId}/column/state/values/`;
    const [valuesResponse] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === valuesPath),
      explore.filterValuesSelect.getByRole('combobox').click(),
    ]);
    expect(valuesResponse.status()).toBe(200);
    await expect(explore.filterValuesSelect.getByRole('option', { name: 'CA', exact: true })).toBeVisible();

    await explore.pasteFilterValues('CA,NY;TX\tFL\r\nIL');
    await expect(explore.filterValueTags).toHaveText(['CA×', 'NY×', 'TX×', 'FL×']);
    await expect(explore.filterValueMoreTags).toHaveText('+ 1 ...');
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'explore-filter-select-pasted.png'), fullPage: true });

    await explore.saveFilter();
    await expect(explore.filterChips).toHaveText(['state IN (CA, NY, TX, FL, IL)×']);

    const queryContext = await explore.runAndCaptureQuery();
    expect(postedFilters(queryContext)).toContainEqual({ col: 'state', op: 'IN', val: ['CA', 'NY', 'TX', 'FL', 'IL'] });
    await expect(explore.chartError).toHaveCount(0);
    await expect(explore.table).toBeVisible();
    await expect(explore.cells('state')).toHaveCount(5);
    const states = await explore.cellValues('state');
    expect([...states].sort()).toEqual(['CA', 'FL', 'IL', 'NY', 'TX']);

    await explore.openViewQuery();
    await expect(explore.querySql).toContainText(/state"? IN \(/);
    await explore.closeViewQuery();
  });

  test('NOT IN: search, Enter and Backspace, "Select All" over the suggestions', async ({ page }) => {
    const { explore } = await openStateTable(page);
    await explore.startSimpleFilter('state', 'Not in');
    const combobox = explore.filterValuesSelect.getByRole('combobox');
    await combobox.click();
    await expect(explore.filterValuesSelect.getByRole('option', { name: 'CA', exact: true })).toBeVisible();

    // The search waits for the fast debounce, then "MA" is the first suggestion.
    await combobox.fill('MA');
    await expect(explore.filterValuesSelect.getByRole('option')).toHaveText(['MA']);
    await combobox.press('Enter');
    await expect(explore.filterValueTags).toHaveText(['MA×']);
    await combobox.press('Backspace');
    await expect(explore.filterValueTags).toHaveCount(0);

    await explore.filterValuesSelect.getByRole('button', { name: 'Select All', exact: true }).click();
    // A list of more than 20 suggestions is virtual: only the options in view are rendered.
    const renderedCount = await explore.filterValuesSelect.getByRole('option').count();
    expect(renderedCount).toBeGreaterThan(5);
    await expect(explore.filterValueTags).toHaveCount(4);
    // Every suggestion is selected: 4 tags, then "+ N ..." whose title names the N others.
    const hiddenValues = ((await explore.filterValueMoreTags.getAttribute('title')) ?? '').split(', ');
    expect(hiddenValues.length + 4).toBeGreaterThan(20);
    expect(hiddenValues.length + 4).toBeGreaterThanOrEqual(renderedCount);
    expect(hiddenValues).toContain('TX');
    await expect(explore.filterValueMoreTags).toHaveText(`+ ${hiddenValues.length} ...`);
    await explore.filterValuesSelect.getByRole('button', { name: 'Deselect All', exact: true }).click();
    await expect(explore.filterValueTags).toHaveCount(0);

    await combobox.press('Escape');
    await expect(explore.filterValuesSelect.getByRole('listbox')).toHaveCount(0);
    await explore.pasteFilterValues('TX;CA');
    await explore.saveFilter();
    const queryContext = await explore.runAndCaptureQuery();
    expect(postedFilters(queryContext)).toContainEqual({ col: 'state', op: 'NOT IN', val: ['TX', 'CA'] });
    await expect(explore.table).toBeVisible();
    const states = await explore.cellValues('state');
    expect(states.length).toBeGreaterThan(0);
    expect(states).not.toContain('TX');
    expect(states).not.toContain('CA');
  });
});
