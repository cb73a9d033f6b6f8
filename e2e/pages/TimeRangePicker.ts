import type { Locator, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

const ids = testIds.explore;

/** Explore's time range control and its "Edit time range" modal. */
export class TimeRangePicker {
  readonly trigger: Locator;
  readonly dialog: Locator;
  /** "Actual time range": the bounds the server resolved, or its error. */
  readonly actualTimeRange: Locator;
  readonly applyButton: Locator;
  readonly cancelButton: Locator;

  constructor(readonly page: Page) {
    this.trigger = page.getByTestId(ids.timeRangeTrigger);
    this.dialog = page.getByRole('dialog', { name: 'Edit time range' });
    this.actualTimeRange = this.dialog.getByTestId(ids.timeRangeActual);
    this.applyButton = this.dialog.getByTestId(ids.timeRangeApplyButton);
    this.cancelButton = this.dialog.getByTestId(ids.timeRangeCancelButton);
  }

  async open(): Promise<void> {
    await this.trigger.click();
    await this.dialog.waitFor();
  }

  /** Picks an option of one of the modal's selects ("Range type", "START (INCLUSIVE)", ...). */
  async choose(selectName: string, optionLabel: string): Promise<void> {
    const combobox = this.dialog.getByRole('combobox', { name: selectName, exact: true });
    await combobox.click();
    await combobox.fill(optionLabel);
    await this.dialog.getByRole('option', { name: optionLabel, exact: true }).click();
  }

  async chooseRangeType(frame: 'Last' | 'Previous' | 'Current' | 'Custom' | 'Advanced' | 'No filter'): Promise<void> {
    await this.choose('Range type', frame);
  }

  /** A named range of the Last, Previous or Current frame: `last year`, `previous calendar month`, ... */
  async chooseNamedRange(label: string): Promise<void> {
    await this.dialog.getByRole('radio', { name: label, exact: true }).check();
  }

  /** A Custom side as a specific date-time; `dateTime` is `2000-01-01T00:00` (the input's own format). */
  async setSpecificDateTime(side: 'START (INCLUSIVE)' | 'END (EXCLUSIVE)', dateTime: string): Promise<void> {
    await this.choose(side, 'Specific Date/Time');
    await this.dialog.getByLabel(`${side} date/time`, { exact: true }).fill(dateTime);
  }

  /** The Advanced frame's START and END texts. */
  async fillAdvanced(start: string, end: string): Promise<void> {
    await this.dialog.getByRole('textbox', { name: 'START (INCLUSIVE)', exact: true }).fill(start);
    await this.dialog.getByRole('textbox', { name: 'END (EXCLUSIVE)', exact: true }).fill(end);
  }

  /** Applies once the edited range resolved (Apply waits for it) and waits for the modal to close. */
  async apply(): Promise<void> {
    await this.applyButton.click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  async cancel(): Promise<void> {
    await this.cancelButton.click();
    await this.dialog.waitFor({ state: 'detached' });
  }
}
