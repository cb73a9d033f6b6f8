import { expect, type Locator, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/**
 * Explore's custom SQL through the controls as a user works them: the column popover of a column
 * list control, the filter popover's Custom SQL tab, the metric popover's Custom SQL tab, and
 * dragging items from the datasource panel onto controls.
 */
export class ExploreAdhocControls {
  readonly filterEditor: Locator;
  readonly columnPopover: Locator;
  readonly metricPopover: Locator;

  constructor(private readonly page: Page) {
    this.filterEditor = page.getByTestId(testIds.explore.filterEditor);
    this.columnPopover = page.getByTestId(testIds.explore.columnPopover);
    this.metricPopover = page.getByTestId(testIds.explore.metricPopover);
  }

  /** A control of the panel by its form data key. */
  control(name: string): Locator {
    return this.page.locator(`[data-testid="${testIds.explore.control}"][data-control="${name}"]`);
  }

  /** The adhoc column chips of a column list control (`groupby`, `columns`). */
  adhocColumnChips(controlName = 'groupby'): Locator {
    return this.control(controlName).getByTestId(testIds.explore.adhocColumnChip);
  }

  filterChips(): Locator {
    return this.page.getByTestId(testIds.explore.filterChip);
  }

  /**
   * Replaces the text of a SQL expression editor: select all, delete, then paste the SQL (a
   * `paste` event carrying it, without the system clipboard). Pasting, unlike typing, opens no
   * completion list that could cover the buttons below the editor.
   */
  private async typeSql(editor: Locator, sql: string): Promise<void> {
    const content = editor.locator('.cm-content');
    await content.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await content.evaluate((element, pasted) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', pasted);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    }, sql);
    await expect(content).toHaveText(sql);
  }

  /** Picks an option of a select inside a popover by its label. */
  private async chooseOption(select: Locator, label: string): Promise<void> {
    const combobox = select.getByRole('combobox');
    await combobox.click();
    await combobox.fill(label);
    await select.getByRole('option', { name: label, exact: true }).click();
  }

  /** "+ Add column", the Custom SQL tab, the SQL and a label, Save. */
  async addSqlColumn(sql: string, label: string, controlName = 'groupby'): Promise<void> {
    await this.control(controlName).getByTestId(testIds.explore.addColumnButton).click();
    await this.columnPopover.getByTestId(testIds.explore.columnSqlTab).click();
    await this.typeSql(this.columnPopover.getByTestId(testIds.explore.columnSqlEditor), sql);
    await this.columnPopover.getByTestId(testIds.explore.columnLabelInput).fill(label);
    await this.columnPopover.getByTestId(testIds.explore.columnSaveButton).click();
    await this.columnPopover.waitFor({ state: 'detached' });
  }

  /** "+ Add filter", the Custom SQL tab, the clause and the SQL, Save. */
  async addSqlFilter(clause: 'WHERE' | 'HAVING', sql: string): Promise<void> {
    await this.control('adhoc_filters').getByTestId(testIds.explore.addFilterButton).click();
    await this.fillSqlFilter(clause, sql);
  }

  /** Clicks a saved filter's chip (by its text) and replaces its SQL, keeping its clause. */
  async editSqlFilter(chipText: string, sql: string): Promise<void> {
    await this.control('adhoc_filters').getByRole('button', { name: `Edit ${chipText}`, exact: true }).click();
    await this.typeSql(this.filterEditor.getByTestId(testIds.explore.filterSqlEditor), sql);
    await this.filterEditor.getByTestId(testIds.explore.filterSaveButton).click();
    await this.filterEditor.waitFor({ state: 'detached' });
  }

  private async fillSqlFilter(clause: 'WHERE' | 'HAVING', sql: string): Promise<void> {
    await this.filterEditor.getByTestId(testIds.explore.filterSqlTab).click();
    await this.chooseOption(this.filterEditor.getByTestId(testIds.explore.filterClauseSelect), clause);
    await this.typeSql(this.filterEditor.getByTestId(testIds.explore.filterSqlEditor), sql);
    await this.filterEditor.getByTestId(testIds.explore.filterSaveButton).click();
    await this.filterEditor.waitFor({ state: 'detached' });
  }

  /** Removes a saved filter by its chip text. */
  async removeFilter(chipText: string): Promise<void> {
    await this.control('adhoc_filters').getByRole('button', { name: `Remove ${chipText}`, exact: true }).click();
  }

  /** "+ Add metric", the Custom SQL tab, the SQL and a label, Save. */
  async addSqlMetric(sql: string, label: string, controlName = 'metrics'): Promise<void> {
    await this.control(controlName).getByTestId(testIds.explore.addMetricButton).click();
    await this.metricPopover.getByTestId(testIds.explore.metricSqlTab).click();
    await this.typeSql(this.metricPopover.getByTestId(testIds.explore.metricSqlEditor), sql);
    await this.metricPopover.getByTestId(testIds.explore.metricLabelInput).fill(label);
    await this.metricPopover.getByTestId(testIds.explore.metricSaveButton).click();
    await this.metricPopover.waitFor({ state: 'detached' });
  }

  /**
   * Where a drop lands in a control: its select, its "+ Add filter" button or its metric chips
   * (the control's middle could be its label).
   */
  private dropTarget(controlName: string): Locator {
    const control = this.control(controlName);
    if (controlName === 'adhoc_filters') return control.getByTestId(testIds.explore.addFilterButton);
    if (controlName === 'metrics' || controlName === 'metric') return control.getByTestId(testIds.explore.metricsControl);
    return control.getByRole('combobox').first();
  }

  /** Drags a column (by name) from the datasource panel onto a control. */
  async dragColumnTo(columnName: string, controlName: string): Promise<void> {
    const item = this.page.locator(`[data-testid="${testIds.explore.columnItem}"][data-name="${columnName}"]`);
    await item.dragTo(this.dropTarget(controlName));
  }

  /** Drags a saved metric (by name) from the datasource panel onto a control. */
  async dragMetricTo(metricName: string, controlName: string): Promise<void> {
    const item = this.page.locator(`[data-testid="${testIds.explore.metricItem}"][data-name="${metricName}"]`);
    await item.dragTo(this.dropTarget(controlName));
  }
}
