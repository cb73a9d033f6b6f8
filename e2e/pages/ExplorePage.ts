import type { Locator, Page, Request } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** The query context the page posted to `/api/v1/chart/data`. */
export type PostedQueryContext = Record<string, unknown>;

/** A drawn line: its x values (epoch ms on a time axis) and its values, null where it has none. */
export interface LineSeries {
  xValues: number[];
  values: (number | null)[];
  isDashed: boolean;
}

/** A cell of the data pane as shown: its text, and whether it shows a null. */
export interface DataPaneCell {
  text: string;
  isNull: boolean;
}

/** One table of the data pane, every row read (the table renders only the rows in view). */
export interface DataPaneTable {
  columns: string[];
  rowCountText: string;
  /** Each row with its `data-row-index` (its index in the result), in that order. */
  rows: { index: number; cells: DataPaneCell[] }[];
}

export class ExplorePage {
  /** The chart area; its `data-chart-status` is the chart's status (loading, success, stopped, rendered, failed). */
  readonly chartPanel: Locator;
  readonly table: Locator;
  readonly rowCount: Locator;
  readonly chartError: Locator;
  readonly querySql: Locator;
  readonly toasts: Locator;
  readonly staleIndicator: Locator;
  readonly annotationWarning: Locator;
  readonly bigNumber: Locator;
  readonly pivotTable: Locator;
  readonly computedLocallyBadge: Locator;
  /** The adhoc filter editor of the `adhoc_filters` control, once "+ Add filter" opened it. */
  readonly filterEditor: Locator;
  /** The value select of an IN or NOT IN filter in the editor. */
  readonly filterValuesSelect: Locator;
  /** The tags the value select shows (at most four), and its "+ N ..." tag. */
  readonly filterValueTags: Locator;
  readonly filterValueMoreTags: Locator;
  /** The saved filters' chips. */
  readonly filterChips: Locator;

  private constructor(private readonly page: Page) {
    this.chartPanel = page.getByTestId(testIds.chart.panel);
    this.table = page.getByTestId(testIds.tableChart.table);
    this.rowCount = page.getByTestId(testIds.chart.rowCount);
    this.chartError = page.getByTestId(testIds.chart.error);
    this.querySql = page.getByTestId(testIds.viewQuery.sql);
    this.toasts = page.getByTestId(testIds.toast.item);
    this.staleIndicator = page.getByTestId(testIds.chart.stale);
    this.annotationWarning = page.getByTestId(testIds.chart.annotationWarning);
    this.bigNumber = page.getByTestId(testIds.viz.bigNumber);
    this.pivotTable = page.getByTestId(testIds.viz.pivotTable);
    this.computedLocallyBadge = page.getByTestId(testIds.chart.computedLocally);
    this.filterEditor = page.getByTestId(testIds.explore.filterEditor);
    this.filterValuesSelect = this.filterEditor.getByTestId(testIds.explore.filterValuesSelect);
    this.filterValueTags = this.filterValuesSelect.getByTestId(testIds.select.tag);
    this.filterValueMoreTags = this.filterValuesSelect.getByTestId(testIds.select.moreTags);
    this.filterChips = page.getByTestId(testIds.explore.filterChip);
  }

  static async open(page: Page, datasetId: number): Promise<ExplorePage> {
    return ExplorePage.openPath(page, `/explore/?datasource_type=table&datasource_id=${datasetId}`);
  }

  /** Opens Explore at a path such as `/explore/?slice_id=3` or a permalink `/explore/p/{key}/`. */
  static async openPath(page: Page, path: string): Promise<ExplorePage> {
    await page.goto(path);
    await page.getByTestId(testIds.explore.controlPanel).waitFor();
    return new ExplorePage(page);
  }

  /** The page that is already showing Explore (after a save navigated to the chart). */
  static async current(page: Page): Promise<ExplorePage> {
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

  /** Removes a chosen column from a multiple column control (its chip's "Remove" button). */
  async removeGroupby(columnName: string, controlName = 'groupby'): Promise<void> {
    await this.control(controlName).getByRole('button', { name: `Remove ${columnName}`, exact: true }).click();
  }

  /** Sets a single-column control such as `x_axis`. */
  async chooseColumn(controlName: string, columnName: string): Promise<void> {
    await this.chooseOption(this.control(controlName), columnName);
  }

  /** The labels a select control offers when opened (its list is closed again). */
  async selectOptionLabels(controlName: string): Promise<string[]> {
    const control = this.control(controlName);
    const combobox = control.getByRole('combobox');
    await combobox.click();
    // An option's first text is its label; a chosen one also holds a check mark.
    const labels = await control.getByRole('option').evaluateAll((options) => options.map((option) => option.firstChild?.textContent ?? ''));
    await combobox.press('Escape');
    return labels;
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

  /** Opens "+ Add filter" and picks a SIMPLE filter's column and operator by its label ("In", "Not in"). */
  async startSimpleFilter(columnName: string, operatorLabel: string): Promise<void> {
    await this.control('adhoc_filters').getByTestId(testIds.explore.addFilterButton).click();
    await this.chooseOption(this.filterEditor.getByTestId(testIds.explore.filterColumnSelect), columnName);
    await this.chooseOption(this.filterEditor.getByTestId(testIds.explore.filterOperatorSelect), operatorLabel);
  }

  /**
   * Pastes text into the filter's value select as a user would (a `paste` event carrying the text
   * in its clipboard data), without touching the system clipboard.
   */
  async pasteFilterValues(text: string): Promise<void> {
    const combobox = this.filterValuesSelect.getByRole('combobox');
    await combobox.focus();
    await combobox.evaluate((input, pasted) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', pasted);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    }, text);
  }

  /** Closes an open value list first, as a user would (it covers the Save button), then saves the filter. */
  async saveFilter(): Promise<void> {
    const valuesCombobox = this.filterValuesSelect.getByRole('combobox');
    // Escape on a closed list would close the whole editor, so only an open list gets it.
    if ((await valuesCombobox.count()) > 0 && (await valuesCombobox.getAttribute('aria-expanded')) === 'true') await valuesCombobox.press('Escape');
    await this.filterEditor.getByTestId(testIds.explore.filterSaveButton).click();
    await this.filterEditor.waitFor({ state: 'detached' });
  }

  async run(): Promise<void> {
    await this.page.getByTestId(testIds.explore.runButton).click();
  }

  /**
   * Clicks Run and returns the query context the page posted for it and the content type of the
   * server's answer (`application/vnd.quiver.chart-data+arrow` when the browser asked for Arrow).
   */
  async runAndCaptureChartData(): Promise<{ queryContext: PostedQueryContext; responseContentType: string }> {
    const isChartDataPost = (request: Request): boolean => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chart/data';
    const [response] = await Promise.all([this.page.waitForResponse((answer) => isChartDataPost(answer.request())), this.run()]);
    return {
      queryContext: response.request().postDataJSON() as PostedQueryContext,
      responseContentType: (await response.headerValue('content-type')) ?? '',
    };
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

  /**
   * The data attributes of the chart's marks of one kind, as `dataset` names them: `series`,
   * `value`, `x`, `values` (a path's values, comma separated), `xValues`, ...
   */
  async markData(kind: string): Promise<Record<string, string>[]> {
    return this.marks(kind).evaluateAll((elements) =>
      elements.map((element) => Object.fromEntries(Object.entries((element as HTMLElement).dataset).map(([key, value]) => [key, value ?? '']))),
    );
  }

  /** The chart's lines by series name (the legend's names), read from their marks. */
  async lineSeries(): Promise<Map<string, LineSeries>> {
    const lines = await this.markData('line');
    const numbers = (text: string): (number | null)[] => text.split(',').map((value) => (value === '' ? null : Number(value)));
    return new Map(
      lines.map((line) => [
        line.series ?? '',
        {
          xValues: numbers(line.xValues ?? '').map((value) => value ?? Number.NaN),
          values: numbers(line.values ?? ''),
          isDashed: line.dashed === 'true',
        },
      ]),
    );
  }

  /** The headings inside the open sections ("Rolling window", "Time comparison", "Resample"). */
  subSectionHeaders(): Locator {
    return this.page.getByTestId(testIds.explore.controlSubSectionHeader);
  }

  /** The messages the core's validation shows next to a control ("is expected to be an integer"). */
  controlErrors(controlName: string): Locator {
    return this.control(controlName).getByTestId(testIds.explore.controlError);
  }

  /** The big number's value as the chart holds it (unformatted). */
  async bigNumberValue(): Promise<string | null> {
    return this.bigNumber.getAttribute('data-value');
  }

  /** The unformatted values of one table column's rendered cells, top to bottom. */
  async cellValues(columnName: string): Promise<string[]> {
    return this.cells(columnName).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-value') ?? ''));
  }

  /** The table chart's header cell of a column. */
  tableHeader(columnName: string): Locator {
    return this.page.locator(`[data-testid="${testIds.tableChart.headerCell}"][data-column="${columnName}"]`);
  }

  /** The table chart's column names in the order the header shows them. */
  async tableHeaderColumns(): Promise<string[]> {
    return this.page.getByTestId(testIds.tableChart.headerCell).evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-column') ?? ''));
  }

  /** Opens one column of the "Customize columns" control (`column_config`) and answers its settings. */
  async customizeColumn(columnName: string): Promise<Locator> {
    const row = this.control('column_config').locator(`[data-testid="${testIds.explore.columnConfigRow}"][data-column="${columnName}"]`);
    await row.getByRole('button').first().click();
    return row.getByTestId(testIds.explore.columnConfigSettings);
  }

  /** The table chart's rendered body rows (a window of them when it scrolls every row). */
  tableRows(): Locator {
    return this.page.getByTestId(testIds.tableChart.row);
  }

  /** The table chart's search box (`include_search`). */
  tableSearch(): Locator {
    return this.page.getByTestId(testIds.tableChart.search);
  }

  /** The table chart's "Show ... entries per page" select (`page_length` set). */
  tablePageSizeSelect(): Locator {
    return this.page.getByTestId(testIds.tableChart.pageSizeSelect);
  }

  /** The table chart's page buttons. */
  tablePageButtons(): Locator {
    return this.page.getByTestId(testIds.tableChart.pageButton);
  }

  /** The pivot table's data rows. */
  pivotDataRows(): Locator {
    return this.page.locator(`[data-testid="${testIds.viz.pivotRow}"][data-kind="data"]`);
  }

  /** The rendered cells of one result column. */
  cells(columnName: string): Locator {
    return this.page.locator(`[data-testid="${testIds.tableChart.cell}"][data-column="${columnName}"]`);
  }

  /** Adds a rule through "+ Add new color formatter": its column, colour, operator and one target. */
  async addConditionalFormatting(rule: { column: string; color: 'Green' | 'Yellow' | 'Red'; operator: string; target: number | string }): Promise<void> {
    await this.control('conditional_formatting').getByTestId(testIds.explore.addConditionalFormattingButton).click();
    const popover = this.page.getByTestId(testIds.explore.conditionalFormattingPopover);
    const fields: [string, string][] = [
      ['Column', rule.column],
      ['Color scheme', rule.color],
      ['Operator', rule.operator],
    ];
    for (const [field, label] of fields) {
      await popover.getByRole('combobox', { name: field, exact: true }).click();
      await popover.getByRole('listbox', { name: field, exact: true }).getByRole('option', { name: label, exact: true }).click();
    }
    await popover.getByLabel('Target value', { exact: true }).fill(String(rule.target));
    await popover.getByTestId(testIds.explore.conditionalFormattingSaveButton).click();
    await popover.waitFor({ state: 'detached' });
  }

  /** Adds a formula annotation layer (y = f(x), x in epoch ms) through "+ Add annotation layer". */
  async addFormulaAnnotationLayer(name: string, formula: string): Promise<void> {
    const editor = await this.openAnnotationLayerEditor(name);
    await editor.getByTestId(testIds.annotationLayers.editorFormula).fill(formula);
    await this.applyAnnotationLayer(editor);
  }

  /** Adds an event or interval layer whose records come from the saved annotation layer `layerName`. */
  async addNativeAnnotationLayer(name: string, annotationType: 'EVENT' | 'INTERVAL', layerName: string): Promise<void> {
    const editor = await this.openAnnotationLayerEditor(name);
    await editor.getByTestId(testIds.annotationLayers.editorType).selectOption(annotationType);
    const layerSelect = editor.getByTestId(testIds.annotationLayers.editorLayer);
    await layerSelect.locator('option', { hasText: layerName }).waitFor({ state: 'attached' });
    await layerSelect.selectOption({ label: layerName });
    await editor.getByTestId(testIds.annotationLayers.editorShowLabel).check();
    await this.applyAnnotationLayer(editor);
  }

  private async openAnnotationLayerEditor(name: string): Promise<Locator> {
    await this.openControlSection('Annotations and Layers');
    await this.page.getByTestId(testIds.annotationLayers.addButton).click();
    const editor = this.page.getByTestId(testIds.annotationLayers.editor);
    await editor.getByTestId(testIds.annotationLayers.editorName).fill(name);
    return editor;
  }

  private async applyAnnotationLayer(editor: Locator): Promise<void> {
    await editor.getByTestId(testIds.annotationLayers.editorApply).click();
    await editor.waitFor({ state: 'detached' });
  }

  /** The chart's annotation marks of one kind (`formula`, `event`, `interval`). */
  annotationMarks(kind: 'formula' | 'event' | 'interval'): Locator {
    return this.page.locator(`[data-testid="${testIds.viz.annotation}"][data-kind="${kind}"]`);
  }

  /** The data attributes of the annotation marks of one kind, as `dataset` names them (`layer`, `title`, `start`, `xValues`, ...). */
  async annotationMarkData(kind: 'formula' | 'event' | 'interval'): Promise<Record<string, string>[]> {
    return this.annotationMarks(kind).evaluateAll((elements) =>
      elements.map((element) => Object.fromEntries(Object.entries((element as HTMLElement).dataset).map(([key, value]) => [key, value ?? '']))),
    );
  }

  /** Opens a collapsed section of the control panel ("Advanced analytics", ...) by its title. */
  async openControlSection(label: string): Promise<void> {
    const section = this.page.getByTestId(testIds.explore.controlSection).filter({ has: this.page.locator('summary', { hasText: label }) });
    if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
  }

  /** Types a number (or any text, for the core to refuse) into a number control such as `rolling_periods`. */
  async fillNumber(controlName: string, value: number | string): Promise<void> {
    await this.control(controlName).getByRole('textbox').fill(String(value));
  }

  /** Ticks a checkbox control such as `show_totals`. */
  async check(controlName: string): Promise<void> {
    await this.control(controlName).getByRole('checkbox').check();
  }

  /** Clears a checkbox control such as `show_totals`. */
  async uncheck(controlName: string): Promise<void> {
    await this.control(controlName).getByRole('checkbox').uncheck();
  }

  /** The table chart's "Summary" row (`show_totals`). */
  tableTotalsRow(): Locator {
    return this.page.getByTestId(testIds.tableChart.totalsRow);
  }

  /** The unformatted value of one column's cell in the "Summary" row. */
  async totalsValue(columnName: string): Promise<string | null> {
    return this.tableTotalsRow().locator(`[data-column="${columnName}"]`).getAttribute('data-value');
  }

  /** Opens the data pane below the chart on its "Results" or "Samples" tab. */
  async openDataPane(tab: 'Results' | 'Samples'): Promise<void> {
    const tabTestId = tab === 'Results' ? testIds.dataPane.resultsTab : testIds.dataPane.samplesTab;
    await this.page.getByTestId(tabTestId).click();
  }

  /** The data pane's table of one query (0 for samples). */
  dataPaneTable(queryIndex: number): Locator {
    return this.page.locator(`[data-testid="${testIds.dataPane.table}"][data-query-index="${queryIndex}"]`);
  }

  /**
   * Reads every row of a data pane table: the table is virtualized, so this scrolls it from top to
   * bottom and keeps each rendered row by its `data-row-index`.
   */
  async readDataPaneTable(queryIndex: number): Promise<DataPaneTable> {
    const table = this.dataPaneTable(queryIndex);
    await table.waitFor();
    const columns = await table.getByTestId(testIds.dataPane.headerCell).allInnerTexts();
    const rowCountText = await table.getByTestId(testIds.dataPane.rowCount).innerText();
    const rows = await table.getByTestId(testIds.dataPane.scrollArea).evaluate(
      async (scrollArea, ids) => {
        const collected = new Map<number, { text: string; isNull: boolean }[]>();
        const nextFrame = (): Promise<void> =>
          new Promise((resolve) => {
            requestAnimationFrame(() => {
              resolve();
            });
          });
        scrollArea.scrollTop = 0;
        for (;;) {
          await nextFrame();
          await nextFrame();
          for (const row of Array.from(scrollArea.querySelectorAll(`[data-testid="${ids.row}"]`))) {
            const cells = Array.from(row.querySelectorAll(`[data-testid="${ids.cell}"]`)).map((cell) => ({
              text: cell.textContent,
              isNull: cell.getAttribute('data-null') === 'true',
            }));
            collected.set(Number(row.getAttribute('data-row-index')), cells);
          }
          const isAtBottom = scrollArea.scrollTop + scrollArea.clientHeight >= scrollArea.scrollHeight - 1;
          if (isAtBottom) break;
          // Less than a screen, so no row is skipped.
          scrollArea.scrollTop += Math.max(1, Math.floor(scrollArea.clientHeight / 2));
        }
        return [...collected.entries()].sort(([left], [right]) => left - right).map(([index, cells]) => ({ index, cells }));
      },
      { row: testIds.dataPane.row, cell: testIds.dataPane.cell },
    );
    return { columns, rowCountText, rows };
  }

  async openViewQuery(): Promise<void> {
    await this.page.getByTestId(testIds.chart.viewQueryButton).click();
    await this.page.getByTestId(testIds.viewQuery.modal).waitFor();
  }

  async copyQuery(): Promise<void> {
    await this.page.getByTestId(testIds.viewQuery.copyButton).click();
  }

  /** "View in SQL Lab" in the view-query modal: SQL Lab opens with the chart's SQL. */
  async viewInSqlLab(): Promise<void> {
    await this.page.getByTestId(testIds.viewQuery.sqlLabButton).click();
  }

  async closeViewQuery(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.getByTestId(testIds.viewQuery.modal).waitFor({ state: 'detached' });
  }
}
