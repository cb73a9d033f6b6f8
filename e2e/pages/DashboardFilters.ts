import type { Locator, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

const ids = testIds.dashboardFilters;

/** A filter as the configuration modal sets it up. */
export interface FilterSetup {
  name: string;
  dataset: string;
  column: string;
  /** Chart ids in scope; all charts when absent. */
  chartIds?: readonly number[];
}

/** The dashboard's filter bar and its configuration modal, found by test ids. */
export class DashboardFilters {
  readonly bar: Locator;
  readonly configButton: Locator;
  readonly applyButton: Locator;
  readonly clearAllButton: Locator;
  readonly crossFilters: Locator;
  readonly modal: Locator;
  readonly modalError: Locator;

  constructor(readonly page: Page) {
    this.bar = page.getByTestId(ids.bar);
    this.configButton = page.getByTestId(ids.configButton);
    this.applyButton = page.getByTestId(ids.applyButton);
    this.clearAllButton = page.getByTestId(ids.clearAllButton);
    this.crossFilters = page.getByTestId(ids.crossFilter);
    this.modal = page.getByTestId(ids.configModal);
    this.modalError = this.modal.getByTestId(ids.configError);
  }

  /** The bar's control of the filter named `name`. */
  control(name: string): Locator {
    return this.page.locator(`[data-testid="${ids.filterControl}"][data-filter-name="${name}"]`);
  }

  /** Fills the selected filter of the open modal. */
  async fillFilter(setup: FilterSetup): Promise<void> {
    await this.modal.getByTestId(ids.nameInput).fill(setup.name);
    await this.modal.getByTestId(ids.datasetSelect).selectOption({ label: setup.dataset });
    await this.modal.getByTestId(ids.columnSelect).selectOption(setup.column);
    if (setup.chartIds === undefined) {
      await this.modal.getByTestId(ids.scopeAllRadio).check();
      return;
    }
    await this.modal.getByTestId(ids.scopeSpecificRadio).check();
    const boxes = this.modal.getByTestId(ids.scopeChart);
    for (const box of await boxes.all()) {
      const chartId = Number(await box.getAttribute('data-chart-id'));
      await box.setChecked(setup.chartIds.includes(chartId));
    }
  }

  /** Adds a filter in the open modal and sets its type (a name of the "Filter Type" select). */
  async addFilter(filterType: 'Value' | 'Numerical range' | 'Time range' | 'Time column' | 'Time grain'): Promise<void> {
    await this.modal.getByTestId(ids.addFilterButton).click();
    await this.modal.getByTestId(ids.filterTypeSelect).selectOption({ label: filterType });
  }

  /** Selects the filter named `name` in the open modal's list. */
  async selectInModal(name: string): Promise<void> {
    await this.modal.getByTestId(ids.configListItem).filter({ hasText: name }).getByRole('button', { name, exact: true }).click();
  }

  /** Chooses an orientation in the filter bar's settings menu. */
  async chooseOrientation(orientation: 'vertical' | 'horizontal'): Promise<void> {
    await this.bar.getByTestId(ids.settingsButton).click();
    await this.bar.getByTestId(orientation === 'vertical' ? ids.orientationVertical : ids.orientationHorizontal).click();
  }

  async saveConfiguration(): Promise<void> {
    await this.modal.getByTestId(ids.saveButton).click();
  }

  /** Chooses `value` in the select filter `name` (typing it, then Enter). */
  async chooseValue(name: string, value: string): Promise<void> {
    const combobox = this.control(name).getByRole('combobox');
    await combobox.click();
    await combobox.fill(value);
    await this.page.getByRole('option', { name: value, exact: true }).click();
    await combobox.press('Escape');
  }

  async apply(): Promise<void> {
    await this.applyButton.click();
  }
}
