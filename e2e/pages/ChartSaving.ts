import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** Explore's header: saving the chart, its properties, its permalink and its exports. */
export class ChartSaving {
  readonly title: Locator;
  readonly saveModal: Locator;
  readonly saveModalAlert: Locator;
  readonly propertiesModal: Locator;

  constructor(private readonly page: Page) {
    this.title = page.getByTestId(testIds.exploreHeader.title);
    this.saveModal = page.getByTestId(testIds.saveModal.modal);
    this.saveModalAlert = page.getByTestId(testIds.saveModal.alert);
    this.propertiesModal = page.getByTestId(testIds.propertiesModal.modal);
  }

  async openSaveModal(): Promise<void> {
    await this.page.getByTestId(testIds.exploreHeader.saveButton).click();
    await this.saveModal.waitFor();
  }

  /** "Save as..." from a chart not saved yet: Explore then opens `/explore/?slice_id=N`. Answers N. */
  async saveAs(name: string): Promise<number> {
    await this.openSaveModal();
    await this.page.getByTestId(testIds.saveModal.saveAs).check();
    await this.page.getByTestId(testIds.saveModal.chartName).fill(name);
    await this.page.getByTestId(testIds.saveModal.saveButton).click();
    await expect.poll(() => new URL(this.page.url()).searchParams.get('slice_id')).toMatch(/^\d+$/);
    return Number(new URL(this.page.url()).searchParams.get('slice_id'));
  }

  /**
   * "Save as..." into a dashboard picked in "Add to dashboard" by its title; a title no dashboard
   * has creates one. With `goToDashboard` it clicks "Save & go to dashboard" (Explore then opens
   * the dashboard), else "Save" (Explore opens the chart).
   */
  async saveAsIntoDashboard(name: string, dashboardTitle: string, options: { goToDashboard: boolean }): Promise<void> {
    await this.openSaveModal();
    await this.page.getByTestId(testIds.saveModal.saveAs).check();
    await this.page.getByTestId(testIds.saveModal.chartName).fill(name);
    const dashboardSelect = this.page.getByTestId(testIds.saveModal.dashboardSelect);
    const combobox = dashboardSelect.getByRole('combobox');
    await combobox.click();
    await combobox.fill(dashboardTitle);
    await dashboardSelect.getByRole('option', { name: dashboardTitle, exact: true }).click();
    const button = options.goToDashboard ? testIds.saveModal.saveAndGoButton : testIds.saveModal.saveButton;
    await this.page.getByTestId(button).click();
    await this.saveModal.waitFor({ state: 'detached' });
  }

  /** "Save (Overwrite)" of the open chart, keeping its name. */
  async overwrite(): Promise<void> {
    await this.openSaveModal();
    await this.page.getByTestId(testIds.saveModal.overwrite).check();
    await this.page.getByTestId(testIds.saveModal.saveButton).click();
    await this.saveModal.waitFor({ state: 'detached' });
  }

  private async openActionsMenu(): Promise<void> {
    await this.page.getByTestId(testIds.exploreHeader.actionsButton).click();
    await this.page.getByTestId(testIds.exploreHeader.actionsMenu).waitFor();
  }

  /** Share > "Copy permalink to clipboard", then reads the clipboard (the context needs clipboard permissions). */
  async copyPermalink(): Promise<string> {
    await this.openActionsMenu();
    await this.page.getByTestId(testIds.exploreHeader.copyPermalink).click();
    await this.page.getByTestId(testIds.toast.item).filter({ hasText: 'Copied to clipboard!' }).waitFor();
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /**
   * Download > "Export to .CSV" (`csv`), ".JSON" (`json`), "Excel" (`xlsx`), "full .CSV" (`full_csv`),
   * "full Excel" (`full_xlsx`): the downloaded file.
   */
  async exportChart(kind: 'csv' | 'json' | 'xlsx' | 'pivoted_csv' | 'full_csv' | 'full_xlsx'): Promise<Download> {
    await this.openActionsMenu();
    const item = this.page.locator(`[data-testid="${testIds.exploreHeader.exportItem}"][data-export="${kind}"]`);
    const [download] = await Promise.all([this.page.waitForEvent('download'), item.click()]);
    return download;
  }

  /** Download > "Download as image": the downloaded PNG of the chart. */
  async downloadAsImage(): Promise<Download> {
    await this.openActionsMenu();
    const item = this.page.getByTestId(testIds.exploreHeader.downloadAsImage);
    const [download] = await Promise.all([this.page.waitForEvent('download'), item.click()]);
    return download;
  }

  /** "Edit chart properties": renames the chart and sets its description. */
  async editProperties(changes: { name: string; description: string }): Promise<void> {
    await this.openActionsMenu();
    await this.page.getByTestId(testIds.exploreHeader.editProperties).click();
    await this.propertiesModal.waitFor();
    await this.page.getByTestId(testIds.propertiesModal.name).fill(changes.name);
    await this.page.getByTestId(testIds.propertiesModal.description).fill(changes.description);
    await this.page.getByTestId(testIds.propertiesModal.saveButton).click();
    await this.propertiesModal.waitFor({ state: 'detached' });
  }

  /** "Edit chart properties", then the owners' chips (their display names) as the modal shows them. */
  async openPropertiesOwners(): Promise<string[]> {
    await this.openActionsMenu();
    await this.page.getByTestId(testIds.exploreHeader.editProperties).click();
    await this.propertiesModal.waitFor();
    const removeButtons = this.page.getByTestId(testIds.propertiesModal.owners).getByRole('button', { name: /^Remove / });
    const labels = await removeButtons.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
    return labels.map((label) => label.replace(/^Remove /, ''));
  }

  /** In the open properties modal: adds an owner found by typing `search`, picked by display name, then saves. */
  async addOwnerAndSave(search: string, ownerName: string): Promise<void> {
    const owners = this.page.getByTestId(testIds.propertiesModal.owners);
    const combobox = owners.getByRole('combobox');
    await combobox.click();
    await combobox.fill(search);
    await owners.getByRole('option', { name: ownerName, exact: true }).click();
    await this.page.getByTestId(testIds.propertiesModal.saveButton).click();
    await this.propertiesModal.waitFor({ state: 'detached' });
  }
}
