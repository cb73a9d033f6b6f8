import { expect, test } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { ExplorePage } from '../pages/ExplorePage';
import { LoginPage } from '../pages/LoginPage';
import { adminPassword, adminUsername, findDatasetId } from '../support/quiverServer';

test('Explore renders its dataset and control panels while the Wasm core is still downloading', async ({ page }) => {
  const login = await LoginPage.open(page);
  await login.logIn(adminUsername, adminPassword);
  const datasetId = await findDatasetId(page.request, 'birth_names');

  // Hold the core's .wasm download until the first render has been checked.
  const heldWasmUrls: string[] = [];
  let releaseWasm = (): void => undefined;
  const wasmReleased = new Promise<void>((resolve) => {
    releaseWasm = resolve;
  });
  await page.route(/\.wasm(\?.*)?$/, async (route) => {
    heldWasmUrls.push(route.request().url());
    await wasmReleased;
    await route.continue();
  });

  await ExplorePage.open(page, datasetId);
  const datasourcePanel = page.getByTestId(testIds.explore.datasourcePanel);
  const controlPanel = page.getByTestId(testIds.explore.controlPanel);
  await expect(datasourcePanel.getByTestId(testIds.explore.datasetName)).toHaveText('birth_names');
  await expect(datasourcePanel.getByTestId(testIds.explore.columnItem).filter({ hasText: 'gender' })).toBeVisible();
  await expect(controlPanel.getByText('Chart Source')).toBeVisible();
  // The page asked for the core and is rendered while the download is still held.
  await expect.poll(() => heldWasmUrls.length).toBeGreaterThan(0);
  expect(heldWasmUrls.every((url) => url.includes('quiver_core'))).toBe(true);
  const loadingControls = controlPanel.getByRole('status').filter({ hasText: 'Loading controls…' });
  await expect(loadingControls).toBeVisible();
  await expect(controlPanel.getByTestId(testIds.explore.controlSection)).toHaveCount(0);

  // Once the core arrives, the viz type's control sections replace the placeholder.
  releaseWasm();
  await expect(controlPanel.getByTestId(testIds.explore.controlSection).first()).toBeVisible();
  await expect(loadingControls).toHaveCount(0);
});
