import type { Download, Locator, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** The dashboard page: header, grid, tabs and charts, found by test ids. */
export class DashboardPage {
  readonly title: Locator;
  readonly favoriteStar: Locator;
  readonly publishedToggle: Locator;
  readonly grid: Locator;
  readonly charts: Locator;
  readonly tabs: Locator;
  readonly markdown: Locator;
  readonly headers: Locator;
  readonly dividers: Locator;
  readonly toasts: Locator;

  private constructor(readonly page: Page) {
    this.title = page.getByTestId(testIds.dashboard.title);
    this.favoriteStar = page.getByTestId(testIds.dashboard.favoriteStar);
    this.publishedToggle = page.getByTestId(testIds.dashboard.publishedToggle);
    this.grid = page.getByTestId(testIds.dashboard.grid);
    this.charts = page.getByTestId(testIds.dashboard.chart);
    this.tabs = page.getByTestId(testIds.dashboard.tab);
    this.markdown = page.getByTestId(testIds.dashboard.markdown);
    this.headers = page.getByTestId(testIds.dashboard.header);
    this.dividers = page.getByTestId(testIds.dashboard.divider);
    this.toasts = page.getByTestId(testIds.toast.item);
  }

  /** Opens `/superset/dashboard/{id or slug}/` and waits for the layout to be painted. */
  static async open(page: Page, idOrSlug: string | number): Promise<DashboardPage> {
    await page.goto(`/superset/dashboard/${idOrSlug}/`);
    const dashboard = new DashboardPage(page);
    await dashboard.grid.waitFor();
    return dashboard;
  }

  /** The dashboard the page shows now (after a redirect), once its layout is painted. */
  static async current(page: Page): Promise<DashboardPage> {
    const dashboard = new DashboardPage(page);
    await dashboard.grid.waitFor();
    return dashboard;
  }

  /** Opens a permalink (`/superset/dashboard/p/{key}/`) and waits for the dashboard it restores. */
  static async openPermalink(page: Page, url: string): Promise<DashboardPage> {
    await page.goto(url);
    const dashboard = new DashboardPage(page);
    await dashboard.grid.waitFor();
    return dashboard;
  }

  /** The holder of the chart titled `name` (the whole title, read literally: "Births (pie)"). */
  chart(name: string): Locator {
    const literal = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.charts.filter({ has: this.page.getByTestId(testIds.dashboard.chartTitle).filter({ hasText: new RegExp(`^${literal}$`) }) });
  }

  /** The chart's rendered body once its query has answered. */
  loadedChart(name: string): Locator {
    return this.chart(name).locator('[data-loaded="true"]');
  }

  /** The chart's menu > Download > "Download as image": the downloaded PNG. */
  async downloadChartImage(name: string): Promise<Download> {
    await this.chart(name).getByTestId(testIds.dashboard.chartMenuButton).click();
    const item = this.chart(name).getByTestId(testIds.dashboard.chartMenuDownloadImage);
    const [download] = await Promise.all([this.page.waitForEvent('download'), item.click()]);
    return download;
  }

  /** Opens the chart's "More Options" menu and chooses the item of that test id. */
  async chooseChartMenuItem(name: string, itemTestId: string): Promise<void> {
    await this.chart(name).getByTestId(testIds.dashboard.chartMenuButton).click();
    await this.chart(name).getByTestId(itemTestId).click();
  }

  /** The header menu > Download > "Download as Image": the downloaded PNG of the grid. */
  async downloadImage(): Promise<Download> {
    await this.page.getByTestId(testIds.dashboardMenu.button).click();
    const item = this.page.getByTestId(testIds.dashboardMenu.downloadImage);
    const [download] = await Promise.all([this.page.waitForEvent('download'), item.click()]);
    return download;
  }

  tab(title: string): Locator {
    return this.tabs.filter({ hasText: title });
  }

  async openTab(title: string): Promise<void> {
    await this.tab(title).click();
  }
}
