import type { Locator, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

export class ExplorePage {
  readonly table: Locator;
  readonly rowCount: Locator;
  readonly chartError: Locator;
  readonly querySql: Locator;
  readonly toasts: Locator;

  private constructor(private readonly page: Page) {
    this.table = page.getByTestId(testIds.tableChart.table);
    this.rowCount = page.getByTestId(testIds.chart.rowCount);
    this.chartError = page.getByTestId(testIds.chart.error);
    this.querySql = page.getByTestId(testIds.viewQuery.sql);
    this.toasts = page.getByTestId(testIds.toast.item);
  }

  static async open(page: Page, datasetId: number): Promise<ExplorePage> {
    await page.goto(`/explore/?datasource_type=table&datasource_id=${datasetId}`);
    await page.getByTestId(testIds.explore.controlPanel).waitFor();
    return new ExplorePage(page);
  }

  /** Opens a select, filters it by typing, clicks the option with that exact label, closes the list. */
  private async chooseOption(control: Locator, label: string): Promise<void> {
    const combobox = control.getByRole('combobox');
    await combobox.click();
    await combobox.fill(label);
    await control.getByRole('option', { name: label, exact: true }).click();
    // A multiple select stays open for more choices; close it as a user would.
    if ((await combobox.getAttribute('aria-expanded')) === 'true') await combobox.press('Escape');
  }

  async chooseVizType(label: string): Promise<void> {
    await this.chooseOption(this.page.getByTestId(testIds.explore.vizTypeControl), label);
  }

  async addGroupby(columnName: string): Promise<void> {
    await this.chooseOption(this.page.getByTestId(testIds.explore.groupbyControl), columnName);
  }

  /** Adds an adhoc SIMPLE metric such as SUM(num) through the metric popover. */
  async addSimpleMetric(columnName: string, aggregate: string): Promise<void> {
    await this.page.getByTestId(testIds.explore.addMetricButton).click();
    const popover = this.page.getByTestId(testIds.explore.metricPopover);
    await this.chooseOption(popover.getByTestId(testIds.explore.metricColumnSelect), columnName);
    await this.chooseOption(popover.getByTestId(testIds.explore.metricAggregateSelect), aggregate);
    await popover.getByTestId(testIds.explore.metricSaveButton).click();
    await popover.waitFor({ state: 'detached' });
  }

  async run(): Promise<void> {
    await this.page.getByTestId(testIds.explore.runButton).click();
  }

  /** The rendered cells of one result column. */
  cells(columnName: string): Locator {
    return this.page.locator(`[data-testid="${testIds.tableChart.cell}"][data-column="${columnName}"]`);
  }

  async openViewQuery(): Promise<void> {
    await this.page.getByTestId(testIds.chart.viewQueryButton).click();
    await this.page.getByTestId(testIds.viewQuery.modal).waitFor();
  }

  async copyQuery(): Promise<void> {
    await this.page.getByTestId(testIds.viewQuery.copyButton).click();
  }

  async closeViewQuery(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.getByTestId(testIds.viewQuery.modal).waitFor({ state: 'detached' });
  }
}
