import type { Locator } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** A typed error display (spec 001 §8) inside `root`: its title, message and "See more" details. */
export class ErrorAlert {
  readonly alert: Locator;
  readonly title: Locator;
  readonly message: Locator;
  readonly description: Locator;
  readonly detailsToggle: Locator;
  readonly details: Locator;

  constructor(root: Locator) {
    this.alert = root.getByTestId(testIds.errorMessage.alert);
    this.title = this.alert.getByTestId(testIds.errorMessage.title);
    this.message = this.alert.getByTestId(testIds.errorMessage.message);
    this.description = this.alert.getByTestId(testIds.errorMessage.description);
    this.detailsToggle = this.alert.getByTestId(testIds.errorMessage.detailsToggle);
    this.details = this.alert.getByTestId(testIds.errorMessage.details);
  }

  /** Clicks "See more" and answers the details' text. */
  async openDetails(): Promise<string> {
    await this.detailsToggle.click();
    return this.details.innerText();
  }
}
