import { defineConfig } from '@playwright/test';

/**
 * E2E against a running Quiver server (started by the test script, not here), in Debian's
 * Chromium: Playwright's own browser downloads are unavailable on these machines.
 */
export default defineConfig({
  testDir: './e2e/tests',
  outputDir: './e2e/artifacts',
  timeout: 90_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL: process.env.QUIVER_URL ?? 'http://127.0.0.1:8088',
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
