import type { Locator, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';

/** One annotation as the form takes it: times as `datetime-local` values (`1990-01-01T00:00`). */
export interface AnnotationFields {
  name: string;
  start: string;
  /** Left out for an instant event: the end follows the start. */
  end?: string;
  description?: string;
}

/** `/annotationlayer/list/` and a layer's `/annotationlayer/{id}/annotation/`, found by test ids. */
export class AnnotationLayerPages {
  readonly layerNameLinks: Locator;
  readonly annotationNames: Locator;

  private constructor(private readonly page: Page) {
    this.layerNameLinks = page.getByTestId(testIds.annotationLayers.nameLink);
    this.annotationNames = page.getByTestId(testIds.annotationLayers.annotationRowName);
  }

  /** Opens the layer list through the header's Settings > Manage > Annotation Layers. */
  static async openFromSettingsMenu(page: Page): Promise<AnnotationLayerPages> {
    await page.goto('/superset/welcome/');
    await page.getByTestId(testIds.settingsMenu.button).click();
    await page.getByTestId(testIds.settingsMenu.annotationLayers).click();
    await page.getByTestId(testIds.annotationLayers.listPage).waitFor();
    return new AnnotationLayerPages(page);
  }

  /** "+ Annotation Layer": creates a layer; the page then shows its (empty) annotations. Answers its id. */
  async addLayer(name: string, description: string): Promise<number> {
    await this.page.getByTestId(testIds.annotationLayers.addLayer).click();
    const modal = this.page.getByTestId(testIds.annotationLayers.layerModal);
    await modal.getByTestId(testIds.annotationLayers.layerName).fill(name);
    await modal.getByTestId(testIds.annotationLayers.layerDescription).fill(description);
    await modal.getByTestId(testIds.annotationLayers.layerModalSave).click();
    const annotationsPage = this.page.getByTestId(testIds.annotationLayers.annotationListPage);
    const saveError = modal.getByTestId(testIds.annotationLayers.modalError);
    await annotationsPage.or(saveError).waitFor();
    if (await saveError.isVisible()) throw new Error(`creating the annotation layer failed: ${await saveError.innerText()}`);
    const match = /\/annotationlayer\/(\d+)\/annotation\/?$/.exec(new URL(this.page.url()).pathname);
    if (match === null) throw new Error(`a new layer opened ${this.page.url()}, not its annotations`);
    return Number(match[1]);
  }

  /** "+ Annotation" on a layer's page. */
  async addAnnotation(fields: AnnotationFields): Promise<void> {
    await this.page.getByTestId(testIds.annotationLayers.addAnnotation).click();
    const modal = this.page.getByTestId(testIds.annotationLayers.annotationModal);
    await modal.getByTestId(testIds.annotationLayers.annotationName).fill(fields.name);
    await modal.getByTestId(testIds.annotationLayers.annotationStart).fill(fields.start);
    if (fields.end !== undefined) await modal.getByTestId(testIds.annotationLayers.annotationEnd).fill(fields.end);
    if (fields.description !== undefined) await modal.getByTestId(testIds.annotationLayers.annotationDescription).fill(fields.description);
    await modal.getByTestId(testIds.annotationLayers.annotationModalSave).click();
    await modal.waitFor({ state: 'detached' });
  }
}
