import type { Locator, Page, Request } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** The JSON body the page posted to `/datasource/samples`. */
export interface PostedSamplesRequest {
  page: number;
  perPage: number;
  filters: { col: unknown; op: string; val?: unknown }[];
}

function isSamplesPost(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/datasource/samples';
}

function postedSamplesRequest(request: Request): PostedSamplesRequest {
  const query = new URL(request.url()).searchParams;
  const body = request.postDataJSON() as { filters: PostedSamplesRequest['filters'] };
  return { page: Number(query.get('page')), perPage: Number(query.get('per_page')), filters: body.filters };
}

/** A chart's right-click menu and the "Drill to detail" modal it opens. */
export class DrillToDetail {
  readonly contextMenu: Locator;
  readonly modal: Locator;
  readonly pills: Locator;
  readonly rowCount: Locator;
  readonly pageText: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.contextMenu = page.getByTestId(testIds.drillToDetail.contextMenu);
    this.modal = page.getByTestId(testIds.drillToDetail.modal);
    this.pills = this.modal.getByTestId(testIds.drillToDetail.filterPill);
    this.rowCount = this.modal.getByTestId(testIds.dataPane.rowCount);
    this.pageText = this.modal.getByTestId(testIds.drillToDetail.pageText);
    this.error = this.modal.getByTestId(testIds.dataPane.error);
  }

  /** Right-clicks the middle of a drawn mark (bars lie under the plot's pointer area, so by position). */
  async rightClickMark(mark: Locator): Promise<void> {
    const box = await mark.boundingBox();
    if (box === null) throw new Error('the mark is not visible');
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
    await this.contextMenu.waitFor();
  }

  /** The context menu's item texts. */
  async menuItems(): Promise<string[]> {
    return this.contextMenu.getByRole('menuitem').allInnerTexts();
  }

  /** Clicks a context menu item and returns the first samples request the modal sends. */
  async chooseMenuItem(label: string): Promise<PostedSamplesRequest> {
    const [request] = await Promise.all([
      this.page.waitForRequest(isSamplesPost),
      this.contextMenu.getByRole('menuitem', { name: label, exact: true }).click(),
    ]);
    await this.modal.waitFor();
    return postedSamplesRequest(request);
  }

  /** The shown cells of one column of the modal's table. */
  cells(column: string): Locator {
    return this.modal.locator(`[data-testid="${testIds.dataPane.cell}"][data-column="${column}"]`);
  }

  /** "Next page"; returns the samples request it sent. */
  async nextPage(): Promise<PostedSamplesRequest> {
    const [request] = await Promise.all([this.page.waitForRequest(isSamplesPost), this.modal.getByTestId(testIds.drillToDetail.nextPage).click()]);
    return postedSamplesRequest(request);
  }

  /** Removes the value pill showing `text` ("state = CA"); returns the samples request it sent. */
  async removePill(text: string): Promise<PostedSamplesRequest> {
    const [request] = await Promise.all([
      this.page.waitForRequest(isSamplesPost),
      this.modal.getByRole('button', { name: `Remove filter ${text}`, exact: true }).click(),
    ]);
    return postedSamplesRequest(request);
  }

  async close(): Promise<void> {
    await this.modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await this.modal.waitFor({ state: 'detached' });
  }
}
