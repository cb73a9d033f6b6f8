import path from 'node:path';
import { test as base } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername } from './quiverServer';

interface AdminSessionFixtures {
  /** The storage state (session cookie) of the admin, signed in once per worker. */
  adminStorageState: string;
}

/**
 * Playwright's `test` whose pages start signed in as the admin: the worker signs in through the
 * login page once and every test's context reuses that session cookie.
 */
export const test = base.extend<object, AdminSessionFixtures>({
  adminStorageState: [
    async ({ browser }, use, workerInfo) => {
      const file = path.join(workerInfo.project.outputDir, `.auth/admin-${workerInfo.workerIndex}.json`);
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL, storageState: undefined });
      const login = await LoginPage.open(await context.newPage());
      await login.logIn(adminUsername, adminPassword);
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ adminStorageState }, use) => {
    await use(adminStorageState);
  },
});

export { expect } from '@playwright/test';
