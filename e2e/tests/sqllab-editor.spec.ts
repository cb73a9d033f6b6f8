import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { LoginPage } from '../pages/LoginPage';
import { SqlLabPage } from '../pages/SqlLabPage';
import { adminPassword, adminUsername, writeJson } from '../support/quiverServer';

/**
 * One word a line: a keyword of every dialect, an identifier, a PostgreSQL type (DuckDB's editor
 * reads PostgreSQL) and a SQLite keyword.
 */
const dialectWords = ['SELECT', 'gender', 'jsonb', 'pragma'];

/** The computed colour of each line's text, by the line's text: a highlighted word is a span. */
async function lineColours(page: Page): Promise<Record<string, string>> {
  return page
    .getByTestId(testIds.sqlLab.editor)
    .locator('.cm-line')
    .evaluateAll((lines) =>
      Object.fromEntries(
        lines.map((line) => {
          const text = line.textContent;
          const token = Array.from(line.querySelectorAll('span')).find((span) => span.textContent === text);
          return [text, getComputedStyle(token ?? line).color];
        }),
      ),
    );
}

test.describe('SQL Lab editor', () => {
  test.beforeEach(async ({ page }) => {
    const login = await LoginPage.open(page);
    await login.logIn(adminUsername, adminPassword);
  });

  test("colours keywords apart from identifiers, with the database's dialect", async ({ page }) => {
    // A SQLite database beside the DuckDB examples, removed afterwards.
    const home = process.env.QUIVER_HOME;
    if (home === undefined) throw new Error('QUIVER_HOME is not set: run this spec through scripts/e2e.sh');
    const name = `dialect sqlite ${Date.now()}`;
    const created = await writeJson(page.request, 'POST', '/api/v1/database/', {
      database_name: name,
      sqlalchemy_uri: `sqlite:///${path.join(home, `dialect-${Date.now()}.db`)}`,
      expose_in_sqllab: true,
    });
    try {
      const sqlLab = await SqlLabPage.open(page);
      await sqlLab.addTab();
      await sqlLab.chooseDatabase('examples');
      await sqlLab.typeSql(dialectWords.join('\n'));
      await expect(sqlLab.editor.locator('.cm-line')).toHaveText(dialectWords);
      const duckdb = await lineColours(page);
      // The keyword is coloured apart from the identifier; PostgreSQL's type too; SQLite's
      // keyword is an identifier there.
      expect(duckdb.SELECT).not.toBe(duckdb.gender);
      expect(duckdb.jsonb).not.toBe(duckdb.gender);
      expect(duckdb.jsonb).not.toBe(duckdb.SELECT);
      expect(duckdb.pragma).toBe(duckdb.gender);

      await sqlLab.chooseDatabase(name);
      await expect.poll(async () => (await lineColours(page)).pragma).toBe(duckdb.SELECT);
      const sqlite = await lineColours(page);
      expect(sqlite.SELECT).toBe(duckdb.SELECT);
      expect(sqlite.gender).toBe(duckdb.gender);
      // `jsonb` is no SQLite type.
      expect(sqlite.jsonb).toBe(sqlite.gender);
    } finally {
      await writeJson(page.request, 'DELETE', `/api/v1/database/${String(created.id)}`, undefined);
    }
  });

  test('scrolls a million rows to the last one, still virtualized', async ({ page }) => {
    const sqlLab = await SqlLabPage.open(page);
    await sqlLab.addTab();
    await sqlLab.chooseDatabase('examples');
    await page.getByTestId(testIds.sqlLab.limitSelect).selectOption('1000000');
    await sqlLab.typeSql('SELECT range AS n, range * 2 AS twice FROM range(1000000)');
    await sqlLab.runWithKeyboard();
    await sqlLab.expectRowCount('1,000,000 rows');
    await expect(sqlLab.cells('n').first()).toHaveText('0');

    const scroller = sqlLab.results.getByTestId(testIds.sqlLab.resultsScroll);
    await scroller.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await expect(sqlLab.cells('n').last()).toHaveText('999999');
    await expect(sqlLab.cells('twice').last()).toHaveText('1999998');
    const lastRow = sqlLab.results.getByTestId(testIds.sqlLab.row).last();
    await expect(lastRow).toHaveAttribute('data-row-index', '999999');
    await expect(lastRow).toBeInViewport();
    // Only the rows in view (and a few more) are in the page.
    expect(await sqlLab.results.getByTestId(testIds.sqlLab.row).count()).toBeLessThan(100);

    // Half-way, the rows there.
    await scroller.evaluate((element) => {
      element.scrollTop = element.scrollHeight / 2;
    });
    // The grid re-renders after the scroll event: wait for the rows of the middle (the rows of
    // the end, still drawn until then, are above 400,000 too, so the poll asks for both bounds).
    const firstIndex = async (): Promise<number> =>
      Number(await sqlLab.results.getByTestId(testIds.sqlLab.row).first().getAttribute('data-row-index'));
    await expect
      .poll(async () => {
        const index = await firstIndex();
        return index > 400_000 && index < 600_000;
      })
      .toBe(true);
    const middle = await firstIndex();
    await expect(sqlLab.cells('n').first()).toHaveText(String(middle));
  });
});
