import type { Locator, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { ResourceListPage, type ListPageIds } from './ResourceListPage';

const chartListIds: ListPageIds = {
  path: '/chart/list/',
  pageTestId: testIds.chartList.page,
  nameLinkTestId: testIds.chartList.nameLink,
};

/** `/chart/list/`: the shared list page plus the chart rows' stars. */
export class ChartListPage extends ResourceListPage {
  private constructor(page: Page) {
    super(page, chartListIds);
  }

  /** Opens `/chart/list/` (with an optional query) and waits for the first answer. */
  static async open(page: Page, query = ''): Promise<ChartListPage> {
    const list = new ChartListPage(page);
    await list.goto(query);
    return list;
  }

  favoriteStar(chartId: number): Locator {
    return this.row(chartId).getByTestId(testIds.chartList.favoriteStar);
  }
}
