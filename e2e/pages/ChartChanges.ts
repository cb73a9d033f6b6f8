import type { Locator, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** Explore's 'Altered' label and the 'Chart changes' modal it opens. */
export class ChartChanges {
  readonly alteredLabel: Locator;
  readonly modal: Locator;
  readonly rows: Locator;

  constructor(private readonly page: Page) {
    this.alteredLabel = page.getByTestId(testIds.exploreHeader.alteredLabel);
    this.modal = page.getByTestId(testIds.chartChanges.modal);
    this.rows = this.modal.getByTestId(testIds.chartChanges.row);
  }

  /** Clicks 'Altered' and waits for 'Chart changes'. */
  async open(): Promise<void> {
    await this.alteredLabel.click();
    await this.modal.waitFor();
  }

  /** The column headers of the table. */
  async columnHeaders(): Promise<string[]> {
    return this.modal.getByRole('columnheader').allInnerTexts();
  }

  /** The rows of the shown page as `[control, before, after]`. */
  async shownRows(): Promise<string[][]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)));
  }

  async close(): Promise<void> {
    await this.modal.getByRole('button', { name: 'Close' }).click();
    await this.modal.waitFor({ state: 'detached' });
  }
}
