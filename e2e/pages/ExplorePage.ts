import type { Locator, Page, Request } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** The query context the page posted to `/api/v1/chart/data`. */
export type PostedQueryContext = Record<string, unknown>;

export class ExplorePage {
  readonly table: Locator;
  readonly rowCount: Locator;
  readonly chartError: Locator;
  readonly querySql: Locator;
  readonly toasts: Locator;
  readonly staleIndicator: Locator;
  readonly bigNumber: Locator;
  readonly pivotTable: Locator;

  private constructor(private readonly page: Page) {
    this.table = page.getByTestId(testIds.tableChart.table);
    this.rowCount = page.getByTestId(testIds.chart.rowCount);
    this.chartError = page.getByTestId(testIds.chart.error);
    this.querySql = page.getByTestId(testIds.viewQuery.sql);
    this.toasts = page.getByTestId(testIds.toast.item);
    this.staleIndicator = page.getByTestId(testIds.chart.stale);
    this.bigNumber = page.getByTestId(testIds.viz.bigNumber);
    this.pivotTable = page.getByTestId(testIds.viz.pivotTable);
  }

  static async open(page: Page, datasetId: number): Promise<ExplorePage> {
    await page.goto(`/explore/?datasource_type=table&datasource_id=${datasetId}`);
    await page.getByTestId(testIds.explore.controlPanel).waitFor();
    return new ExplorePage(page);
  }

  /** A control of the panel by its form data key (`groupby`, `x_axis`, `metric`, ...). */
  control(name: string): Locator {
    return this.page.locator(`[data-testid="${testIds.explore.control}"][data-control="${name}"]`);
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

  /** Picks a chart in the "View all charts" gallery by its name, through the search box. */
  async chooseVizType(name: string): Promise<void> {
    await this.page.getByTestId(testIds.explore.vizTypeGalleryButton).click();
    const gallery = this.page.getByTestId(testIds.vizGallery.modal);
    await gallery.getByTestId(testIds.vizGallery.search).fill(name);
    await gallery.getByRole('option', { name, exact: true }).click();
    await gallery.getByTestId(testIds.vizGallery.selectButton).click();
    await gallery.waitFor({ state: 'detached' });
  }

  /** Shows the "Data" or "Customize" controls. */
  async openTab(name: 'Data' | 'Customize'): Promise<void> {
    await this.page.getByTestId(testIds.explore.controlPanelTab).filter({ hasText: name }).click();
  }

  async addGroupby(columnName: string, controlName = 'groupby'): Promise<void> {
    await this.chooseOption(this.control(controlName), columnName);
  }

  /** Sets a single-column control such as `x_axis`. */
  async chooseColumn(controlName: string, columnName: string): Promise<void> {
    await this.chooseOption(this.control(controlName), columnName);
  }

  /** Picks a choice of a select control by its label. */
  async chooseSelectOption(controlName: string, label: string): Promise<void> {
    await this.chooseOption(this.control(controlName), label);
  }

  /** Adds an adhoc SIMPLE metric such as SUM(num) through the metric popover of `metrics` or `metric`. */
  async addSimpleMetric(columnName: string, aggregate: string, controlName = 'metrics'): Promise<void> {
    await this.control(controlName).getByTestId(testIds.explore.addMetricButton).click();
    const popover = this.page.getByTestId(testIds.explore.metricPopover);
    await this.chooseOption(popover.getByTestId(testIds.explore.metricColumnSelect), columnName);
    await this.chooseOption(popover.getByTestId(testIds.explore.metricAggregateSelect), aggregate);
    await popover.getByTestId(testIds.explore.metricSaveButton).click();
    await popover.waitFor({ state: 'detached' });
  }

  async run(): Promise<void> {
    await this.page.getByTestId(testIds.explore.runButton).click();
  }

  /** Clicks Run and returns the query context the page posted for it. */
  async runAndCaptureQuery(): Promise<PostedQueryContext> {
    const isChartDataPost = (request: Request): boolean => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chart/data';
    const [request] = await Promise.all([this.page.waitForRequest(isChartDataPost), this.run()]);
    return request.postDataJSON() as PostedQueryContext;
  }

  /** The chart's drawn marks of one kind (`line`, `bar`, `slice`, `cell`, ...). */
  marks(kind: string): Locator {
    return this.page.locator(`[data-testid="${testIds.viz.mark}"][data-kind="${kind}"]`);
  }

  /** The distinct series names of the marks of one kind, sorted. */
  async seriesNames(kind: string): Promise<string[]> {
    const names = await this.marks(kind).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-series') ?? ''));
    return [...new Set(names)].sort();
  }

  /** The pivot table's data rows. */
  pivotDataRows(): Locator {
    return this.page.locator(`[data-testid="${testIds.viz.pivotRow}"][data-kind="data"]`);
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
