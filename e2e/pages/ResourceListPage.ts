import type { Locator, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** What tells list pages apart: their path and the test ids of the page and of a row's name link. */
export interface ListPageIds {
  path: string;
  pageTestId: string;
  nameLinkTestId: string;
}

/**
 * A list page on the shared ListView (charts, dashboards, datasets, databases): filters, sort,
 * table and card modes, bulk select and delete, pagination, found by test ids.
 */
export class ResourceListPage {
  readonly rows: Locator;
  readonly cards: Locator;
  readonly cardSkeletons: Locator;
  readonly nameLinks: Locator;
  readonly search: Locator;
  readonly paginationText: Locator;
  readonly empty: Locator;
  readonly clearFilters: Locator;
  readonly loading: Locator;
  readonly cardModeButton: Locator;
  readonly tableModeButton: Locator;
  readonly cardSort: Locator;
  readonly bulkSelectToggle: Locator;
  readonly selectedCount: Locator;
  readonly deselectAll: Locator;
  readonly bulkDeleteButton: Locator;

  protected constructor(
    readonly page: Page,
    readonly ids: ListPageIds,
  ) {
    this.rows = page.getByTestId(testIds.listView.row);
    this.cards = page.getByTestId(testIds.listView.card);
    this.cardSkeletons = page.getByTestId(testIds.listView.cardSkeleton);
    this.nameLinks = page.getByTestId(ids.nameLinkTestId);
    this.search = page.getByTestId(testIds.listView.search);
    this.paginationText = page.getByTestId(testIds.listView.paginationText);
    this.empty = page.getByTestId(testIds.listView.empty);
    this.clearFilters = page.getByTestId(testIds.listView.clearFilters);
    this.loading = page.getByTestId(testIds.listView.loading);
    this.cardModeButton = page.getByTestId(testIds.listView.cardModeButton);
    this.tableModeButton = page.getByTestId(testIds.listView.tableModeButton);
    this.cardSort = page.getByTestId(testIds.listView.cardSort);
    this.bulkSelectToggle = page.getByTestId(testIds.listView.bulkSelectToggle);
    this.selectedCount = page.getByTestId(testIds.listView.selectedCount);
    this.deselectAll = page.getByTestId(testIds.listView.deselectAll);
    this.bulkDeleteButton = page.getByTestId(testIds.listView.bulkDelete);
  }

  /** Opens the page (with an optional query) and waits for the first answer. */
  static async openAt(page: Page, ids: ListPageIds, query = ''): Promise<ResourceListPage> {
    const list = new ResourceListPage(page, ids);
    await list.goto(query);
    return list;
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`${this.ids.path}${query}`);
    await this.page.getByTestId(this.ids.pageTestId).waitFor();
    await this.loading.waitFor({ state: 'detached' });
  }

  selectFilter(filterId: string): Locator {
    return this.page.locator(`[data-testid="${testIds.listView.selectFilter}"][data-filter-id="${filterId}"]`);
  }

  sortHeader(columnId: string): Locator {
    return this.page.locator(`[data-testid="${testIds.listView.headerCell}"][data-column-id="${columnId}"]`);
  }

  row(id: number): Locator {
    return this.page.locator(`[data-testid="${testIds.listView.row}"][data-row-id="${id}"]`);
  }

  card(id: number): Locator {
    return this.page.locator(`[data-testid="${testIds.listView.card}"][data-row-id="${id}"]`);
  }

  /** The selection checkbox of a row or card. */
  checkbox(item: Locator): Locator {
    return item.getByTestId(testIds.listView.rowCheckbox);
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
    await this.search.press('Enter');
  }

  /** Deletes the selected rows through the confirmation dialog (typing "DELETE"). */
  async confirmBulkDelete(): Promise<void> {
    await this.bulkDeleteButton.click();
    const dialog = this.page.getByTestId(testIds.listView.deleteModal);
    await dialog.getByTestId(testIds.listView.deleteInput).fill('DELETE');
    await dialog.getByTestId(testIds.listView.deleteConfirm).click();
    await dialog.waitFor({ state: 'detached' });
  }
}

export const dashboardListIds: ListPageIds = {
  path: '/dashboard/list/',
  pageTestId: testIds.dashboardList.page,
  nameLinkTestId: testIds.dashboardList.nameLink,
};

export const datasetListIds: ListPageIds = {
  path: '/tablemodelview/list/',
  pageTestId: testIds.datasetList.page,
  nameLinkTestId: testIds.datasetList.nameLink,
};

export const savedQueryListIds: ListPageIds = {
  path: '/savedqueryview/list/',
  pageTestId: testIds.savedQueryList.page,
  nameLinkTestId: testIds.savedQueryList.nameLink,
};

export const databaseListIds: ListPageIds = {
  path: '/databaseview/list/',
  pageTestId: testIds.databaseList.page,
  nameLinkTestId: testIds.databaseList.name,
};
