import type { Locator, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** The header's "+" > Data upload entries, by Superset's names. */
export type UploadMenuEntry = 'csvUpload' | 'excelUpload' | 'columnarUpload';

/** A file for the dialog's file input. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The file upload dialog, opened from the header's "+" > Data menu. */
export class UploadDialog {
  readonly dialog: Locator;
  readonly error: Locator;

  private constructor(private readonly page: Page) {
    this.dialog = page.getByTestId(testIds.uploadModal.dialog);
    this.error = this.dialog.getByTestId(testIds.uploadModal.error);
  }

  /** Opens the "+" menu, picks the upload entry and waits for the dialog. */
  static async openFromDataMenu(page: Page, entry: UploadMenuEntry): Promise<UploadDialog> {
    await page.getByTestId(testIds.dataMenu.button).click();
    await page.getByTestId(testIds.dataMenu.menu).getByTestId(testIds.dataMenu.items[entry]).click();
    const upload = new UploadDialog(page);
    await upload.dialog.waitFor();
    return upload;
  }

  /** Fills the form: database (by name), file, table and, for Excel, the sheet. */
  async fill(databaseName: string, file: UploadFile, tableName: string, sheetName?: string): Promise<void> {
    await this.dialog.getByTestId(testIds.uploadModal.database).selectOption({ label: databaseName });
    await this.dialog.getByTestId(testIds.uploadModal.file).setInputFiles(file);
    await this.dialog.getByTestId(testIds.uploadModal.tableName).fill(tableName);
    if (sheetName !== undefined) await this.dialog.getByTestId(testIds.uploadModal.sheetName).fill(sheetName);
  }

  async submit(): Promise<void> {
    await this.dialog.getByTestId(testIds.uploadModal.submit).click();
  }

  /** Closes the dialog with its header's close button. */
  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
    await this.dialog.waitFor({ state: 'hidden' });
  }
}
