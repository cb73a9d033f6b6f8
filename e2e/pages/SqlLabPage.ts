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

  /** Opens SQL Lab (or one of its links: `?savedQueryId=`, `/sqllab/p/{key}`) once its tabs are loaded. */
  static async open(page: Page, path = '/sqllab/'): Promise<SqlLabPage> {
    await page.goto(path);
    return SqlLabPage.current(page);
  }

  /** The page that is already showing SQL Lab (after "View in SQL Lab" navigated to it). */
  static async current(page: Page): Promise<SqlLabPage> {
    await page.getByTestId(testIds.sqlLab.page).waitFor();
    const sqlLab = new SqlLabPage(page);
    await sqlLab.activeTab().waitFor();
    return sqlLab;
  }

  tab(name: string): Locator {
    return this.page.locator(`[data-testid="${testIds.sqlLab.tab}"][data-tab-name="${name}"]`);
  }

  activeTab(): Locator {
    return this.page.locator(`[data-testid="${testIds.sqlLab.tab}"][data-active="true"]`);
  }

  /** The tab bar's tabs, by name. */
  async tabNames(): Promise<string[]> {
    const tabs = this.page.getByTestId(testIds.sqlLab.tab);
    const names = await tabs.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-tab-name') ?? ''));
    return names;
  }

  /** Adds a tab and answers its name (the next "Untitled Query N"). */
  async addTab(): Promise<string> {
    const before = await this.tabNames();
    await this.page.getByTestId(testIds.sqlLab.addTab).click();
    await expect(this.page.getByTestId(testIds.sqlLab.tab)).toHaveCount(before.length + 1);
    const name = await this.activeTab().getAttribute('data-tab-name');
    if (name === null || before.includes(name)) throw new Error(`no new active tab among ${before.join(', ')}`);
    return name;
  }

  /** Saves the active tab's query through the Save modal. */
  async saveQuery(name: string, description: string): Promise<void> {
    await this.page.getByTestId(testIds.sqlLab.saveButton).click();
    await this.page.getByTestId(testIds.sqlLab.saveQueryName).fill(name);
    await this.page.getByTestId(testIds.sqlLab.saveQueryDescription).fill(description);
    await this.page.getByTestId(testIds.sqlLab.saveQuerySubmit).click();
    await expect(this.page.getByTestId(testIds.sqlLab.saveQueryModal)).toHaveCount(0);
  }

  /** Sets the active tab's Jinja template parameters through the "Parameters" modal. */
  async setTemplateParams(json: string): Promise<void> {
    await this.page.getByTestId(testIds.sqlLab.parametersButton).click();
    const modal = this.page.getByTestId(testIds.sqlLab.templateParamsModal);
    await expect(modal.getByRole('heading', { name: 'Template parameters' })).toBeVisible();
    await modal.getByTestId(testIds.sqlLab.templateParamsEditor).fill(json);
    await expect(modal.getByTestId(testIds.sqlLab.templateParamsError)).toHaveCount(0);
    await modal.getByTestId(testIds.sqlLab.templateParamsSave).click();
    await expect(modal).toHaveCount(0);
  }

  /** The results pane's 'Parameter error'. */
  parameterError(): Locator {
    return this.results.getByTestId(testIds.errorMessage.parameterError);
  }

  historyRows(): Locator {
    return this.page.getByTestId(testIds.sqlLab.historyRow);
  }

  /** The left bar (schema browser); hidden when the tab's `hideLeftBar` is on. */
  leftBar(): Locator {
    return this.page.getByTestId(testIds.sqlLab.leftBar);
  }

  /** An editor table in the left bar, by name. */
  editorTable(name: string): Locator {
    return this.page.locator(`[data-testid="${testIds.sqlLab.editorTable}"][data-table="${name}"]`);
  }

  /** Adds a table of the schema to the editor (it expands, with its columns). */
  async addTable(name: string): Promise<void> {
    await this.page.getByTestId(testIds.sqlLab.tableSearch).fill(name);
    await this.page.locator(`[data-testid="${testIds.sqlLab.tableItem}"][data-table="${name}"]`).click();
    await expect(this.editorTable(name)).toHaveAttribute('aria-expanded', 'true');
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

  /** Selects the editor's first line with the keyboard (it must fit on one screen line). */
  async selectFirstLine(): Promise<void> {
    await this.editor.locator('.cm-content').click();
    await this.page.keyboard.press('ControlOrMeta+Home');
    await this.page.keyboard.press('Shift+End');
  }

  async runWithKeyboard(): Promise<void> {
    await this.editor.locator('.cm-content').click();
    await this.page.keyboard.press('ControlOrMeta+Enter');
  }

  headerCells(): Locator {
    return this.results.getByTestId(testIds.sqlLab.headerCell);
  }

  headerCell(column: string): Locator {
    return this.headerCells().filter({ has: this.page.getByRole('button', { name: column, exact: true }) });
  }

  /** Clicks a results header: it sorts ascending, then descending, then as run. */
  async sortBy(column: string): Promise<void> {
    await this.headerCell(column).getByRole('button').click();
  }

  /** "Copy to Clipboard", then reads the clipboard (the context needs clipboard permissions). */
  async copyResults(): Promise<string> {
    await this.results.getByTestId(testIds.sqlLab.copyResultsButton).click();
    await this.page.getByTestId(testIds.toast.item).filter({ hasText: 'Copied to clipboard!' }).waitFor();
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /** The editor's text, one entry per line. */
  editorLines(): Locator {
    return this.editor.locator('.cm-line');
  }

  cells(column: string): Locator {
    return this.results.locator(`[data-testid="${testIds.sqlLab.cell}"][data-column="${column}"]`);
  }

  async expectRowCount(text: string): Promise<void> {
    await expect(this.results.getByTestId(testIds.sqlLab.rowCount)).toHaveText(text);
  }
}
