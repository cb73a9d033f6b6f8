import type { Locator, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** Explore's dataset menu and the dialogs it opens: 'Swap dataset' and 'Edit Dataset {name}'. */
export class DatasetDialogs {
  readonly datasetName: Locator;
  readonly metricItems: Locator;
  readonly swapDialog: Locator;
  readonly swapConfirm: Locator;
  readonly editor: Locator;
  readonly editorConfirm: Locator;
  readonly toasts: Locator;

  constructor(private readonly page: Page) {
    this.datasetName = page.getByTestId(testIds.explore.datasetName);
    this.metricItems = page.getByTestId(testIds.explore.metricItem);
    this.swapDialog = page.getByTestId(testIds.swapDataset.dialog);
    this.swapConfirm = page.getByTestId(testIds.swapDataset.confirm);
    this.editor = page.getByTestId(testIds.datasetEditor.dialog);
    this.editorConfirm = page.getByTestId(testIds.datasetEditor.confirm);
    this.toasts = page.getByTestId(testIds.toast.item);
  }

  async openSwap(): Promise<void> {
    await this.page.getByTestId(testIds.explore.datasetMenuButton).click();
    await this.page.getByTestId(testIds.explore.swapDataset).click();
  }

  /** Types in the swap dialog's search and picks the row named `tableName` (the confirm step opens). */
  async chooseInSwap(search: string, tableName: string): Promise<void> {
    await this.swapDialog.getByTestId(testIds.swapDataset.search).fill(search);
    await this.swapDialog.getByTestId(testIds.swapDataset.rowName).filter({ hasText: tableName }).click();
  }

  async proceedSwap(): Promise<void> {
    await this.swapConfirm.getByTestId(testIds.swapDataset.proceed).click();
  }

  async openEditor(): Promise<void> {
    await this.page.getByTestId(testIds.explore.datasetMenuButton).click();
    await this.page.getByTestId(testIds.explore.editDataset).click();
  }

  /** Adds a metric on the Metrics tab. */
  async addMetric(metric: { name: string; expression: string; label: string; certifiedBy: string }): Promise<void> {
    await this.editor.getByTestId(testIds.datasetEditor.tabMetrics).click();
    await this.editor.getByTestId(testIds.datasetEditor.addMetric).click();
    await this.editor.getByTestId(testIds.datasetEditor.metricName).last().fill(metric.name);
    await this.editor.getByTestId(testIds.datasetEditor.metricVerboseName).last().fill(metric.label);
    await this.editor.getByTestId(testIds.datasetEditor.metricExpression).last().fill(metric.expression);
    await this.editor.getByTestId(testIds.datasetEditor.metricCertifiedBy).last().fill(metric.certifiedBy);
  }

  async save(): Promise<void> {
    await this.editor.getByTestId(testIds.datasetEditor.save).click();
  }

  async confirmSave(): Promise<void> {
    await this.editorConfirm.getByTestId(testIds.datasetEditor.confirmOk).click();
  }
}
