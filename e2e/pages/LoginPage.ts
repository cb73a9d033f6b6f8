import type { Locator, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

export class LoginPage {
  readonly errorMessage: Locator;

  private constructor(private readonly page: Page) {
    this.errorMessage = page.getByTestId(testIds.login.error);
  }

  static async open(page: Page): Promise<LoginPage> {
    await page.goto('/login/');
    await page.getByTestId(testIds.login.form).waitFor();
    return new LoginPage(page);
  }

  /** Signs in and waits until the app has left the login page. */
  async logIn(username: string, password: string): Promise<void> {
    await this.page.getByTestId(testIds.login.username).fill(username);
    await this.page.getByTestId(testIds.login.password).fill(password);
    await this.page.getByTestId(testIds.login.submit).click();
    await this.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await this.page.getByTestId(testIds.header.userName).waitFor();
  }
}
