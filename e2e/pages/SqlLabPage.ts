import { expect, type Locator, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** SQL Lab as a user sees it: tabs, the schema browser, the editor, Run and the results. */
export class SqlLabPage {
  readonly editor: Locator;
  readonly results: Locator;

  private constructor(private readonly page: Page) {
    this.editor = page.getByTestId(testIds.sqlLab.editor);
    this.results = page.getByTestId(testIds.sqlLab.results);
  }

  static async open(page: Page): Promise<SqlLabPage> {
    await page.goto('/sqllab/');
    await page.getByTestId(testIds.sqlLab.page).waitFor();
    return new SqlLabPage(page);
  }

  tab(name: string): Locator {
    return this.page.locator(`[data-testid="${testIds.sqlLab.tab}"][data-tab-name="${name}"]`);
  }

  async chooseDatabase(name: string): Promise<void> {
    await this.page.getByTestId(testIds.sqlLab.databaseSelect).selectOption({ label: name });
  }

  /** Replaces the editor's text by typing, as a user would. */
  async typeSql(sql: string): Promise<void> {
    const content = this.editor.locator('.cm-content');
    await content.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(sql);
  }

  async runWithKeyboard(): Promise<void> {
    await this.editor.locator('.cm-content').click();
    await this.page.keyboard.press('ControlOrMeta+Enter');
  }

  headerCells(): Locator {
    return this.results.getByTestId(testIds.sqlLab.headerCell);
  }

  cells(column: string): Locator {
    return this.results.locator(`[data-testid="${testIds.sqlLab.cell}"][data-column="${column}"]`);
  }

  async expectRowCount(text: string): Promise<void> {
    await expect(this.results.getByTestId(testIds.sqlLab.rowCount)).toHaveText(text);
  }
}
