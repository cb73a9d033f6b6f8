import type { Locator, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** `/chart/list/`: the chart list's filters, rows, stars and pagination, found by test ids. */
export class ChartListPage {
  readonly rows: Locator;
  readonly nameLinks: Locator;
  readonly search: Locator;
  readonly paginationText: Locator;
  readonly empty: Locator;
  readonly clearFilters: Locator;
  readonly loading: Locator;

  private constructor(readonly page: Page) {
    this.rows = page.getByTestId(testIds.listView.row);
    this.nameLinks = page.getByTestId(testIds.chartList.nameLink);
    this.search = page.getByTestId(testIds.listView.search);
    this.paginationText = page.getByTestId(testIds.listView.paginationText);
    this.empty = page.getByTestId(testIds.listView.empty);
    this.clearFilters = page.getByTestId(testIds.listView.clearFilters);
    this.loading = page.getByTestId(testIds.listView.loading);
  }

  /** Opens `/chart/list/` (with an optional query) and waits for the first answer. */
  static async open(page: Page, query = ''): Promise<ChartListPage> {
    await page.goto(`/chart/list/${query}`);
    const list = new ChartListPage(page);
    await page.getByTestId(testIds.chartList.page).waitFor();
    await list.loading.waitFor({ state: 'detached' });
    return list;
  }

  selectFilter(filterId: string): Locator {
    return this.page.locator(`[data-testid="${testIds.listView.selectFilter}"][data-filter-id="${filterId}"]`);
  }

  sortHeader(columnId: string): Locator {
    return this.page.locator(`[data-testid="${testIds.listView.headerCell}"][data-column-id="${columnId}"]`);
  }

  row(chartId: number): Locator {
    return this.page.locator(`[data-testid="${testIds.listView.row}"][data-row-id="${chartId}"]`);
  }

  favoriteStar(chartId: number): Locator {
    return this.row(chartId).getByTestId(testIds.chartList.favoriteStar);
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
    await this.search.press('Enter');
  }
}
