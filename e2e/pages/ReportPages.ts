import type { Locator, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** The fields the header's ReportModal takes. */
export interface ReportFields {
  name: string;
  description: string;
  crontab: string;
  /** A value of the "Message content" select: PNG, CSV, TEXT or PDF. */
  format: string;
}

/** The fields of the list page's alert form. */
export interface AlertFields {
  name: string;
  /** The database's name in the Database select. */
  database: string;
  sql: string;
  /** `<`, `>`, `<=`, `>=`, `==`, `!=` or `not null`. */
  condition: string;
  threshold: string;
  crontab: string;
  recipients: string;
}

/** The chart and dashboard headers' ReportModal and `/report/list/`, found by test ids. */
export class ReportPages {
  readonly modal: Locator;
  readonly activeToggle: Locator;
  readonly listRows: Locator;

  constructor(private readonly page: Page) {
    this.modal = page.getByTestId(testIds.reports.modal);
    this.activeToggle = this.modal.getByTestId(testIds.reports.activeToggle);
    this.listRows = page.getByTestId(testIds.listView.row);
  }

  /** Explore's "..." menu > "Manage email reports". */
  async openFromExploreHeader(): Promise<void> {
    await this.page.getByTestId(testIds.exploreHeader.actionsButton).click();
    await this.page.getByTestId(testIds.reports.manageItem).click();
    await this.modal.waitFor();
  }

  /** Fills the new report's form and adds it; throws with the modal's error when the server refuses. */
  async schedule(fields: ReportFields): Promise<void> {
    await this.modal.getByTestId(testIds.reports.name).fill(fields.name);
    await this.modal.getByTestId(testIds.reports.description).fill(fields.description);
    await this.modal.getByTestId(testIds.reports.crontab).fill(fields.crontab);
    await this.modal.getByTestId(testIds.reports.format).selectOption(fields.format);
    await this.modal.getByTestId(testIds.reports.save).click();
    const error = this.modal.getByTestId(testIds.reports.error);
    await this.modal.waitFor({ state: 'detached' }).catch(async () => {
      throw new Error(`scheduling the report failed: ${await error.innerText()}`);
    });
  }

  /** "+ Alert" on the list page: fills the alert form and adds it; throws with the form's error when the server refuses. */
  async addAlert(fields: AlertFields): Promise<void> {
    await this.page.getByTestId(testIds.reports.addAlert).click();
    const modal = this.page.getByTestId(testIds.reports.alertModal);
    await modal.getByTestId(testIds.reports.alertName).fill(fields.name);
    await modal.getByTestId(testIds.reports.alertDatabase).selectOption({ label: fields.database });
    await modal.getByTestId(testIds.reports.alertSql).fill(fields.sql);
    await modal.getByTestId(testIds.reports.alertCondition).selectOption(fields.condition);
    if (fields.condition !== 'not null') await modal.getByTestId(testIds.reports.alertThreshold).fill(fields.threshold);
    await modal.getByTestId(testIds.reports.alertCrontab).fill(fields.crontab);
    await modal.getByTestId(testIds.reports.alertRecipients).fill(fields.recipients);
    await modal.getByTestId(testIds.reports.alertSave).click();
    await modal.waitFor({ state: 'detached' }).catch(async () => {
      throw new Error(`adding the alert failed: ${await modal.getByTestId(testIds.reports.error).innerText()}`);
    });
  }

  /** Picks a value of one of the list's select filters (`type`, `active`). */
  async filterBy(filterId: string, value: string): Promise<void> {
    await this.page.locator(`[data-testid="${testIds.listView.selectFilter}"][data-filter-id="${filterId}"]`).selectOption(value);
  }

  /** The modal's "Delete email report", confirmed by typing DELETE. */
  async deleteFromModal(): Promise<void> {
    await this.modal.getByTestId(testIds.reports.delete).click();
    await this.page.getByTestId(testIds.listView.deleteInput).fill('DELETE');
    await this.page.getByTestId(testIds.listView.deleteConfirm).click();
  }

  /** Opens Alerts & reports through the header's Settings > Manage menu. */
  async openListFromSettingsMenu(): Promise<void> {
    await this.page.goto('/superset/welcome/');
    await this.page.getByTestId(testIds.settingsMenu.button).click();
    await this.page.getByTestId(testIds.settingsMenu.alertsReports).click();
    await this.page.getByTestId(testIds.reports.listPage).waitFor();
  }

  /** A list row by the report's name. */
  row(name: string): Locator {
    return this.listRows.filter({ hasText: name });
  }
}
