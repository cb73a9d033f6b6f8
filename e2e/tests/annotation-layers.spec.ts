import type { APIRequestContext, Page } from '@playwright/test';
import { testIds } from '../../web/src/testIds';
import { test, expect } from '../support/adminSession';
import { AnnotationLayerPages } from '../pages/AnnotationLayerPages';
import { ExplorePage } from '../pages/ExplorePage';

/**
 * Annotation layers end to end: a layer and two annotations (an instant event, an interval) made
 * at `/annotationlayer/list/`, then the example "Births over time" line chart in Explore with a
 * formula layer (drawn at once, no query) and the saved layer as events and as intervals (a
 * query; the records come back in the chart data and are drawn).
 */

async function chartIdNamed(request: APIRequestContext, sliceName: string): Promise<number> {
  const q = `(filters:!((col:slice_name,opr:eq,value:'${sliceName}')),page:0,page_size:25)`;
  const response = await request.get(`/api/v1/chart/?q=${encodeURIComponent(q)}`);
  if (!response.ok()) throw new Error(`chart list answered ${response.status()}: ${await response.text()}`);
  const answer = (await response.json()) as { result: { id: number; slice_name: string }[] };
  const chart = answer.result.find((item) => item.slice_name === sliceName);
  if (chart === undefined) throw new Error(`no chart named ${sliceName}`);
  return chart.id;
}

/** Adds the formula layer "Trend" (x / 1e7) and checks it is drawn at once, without a query. */
async function addTrendFormula(explore: ExplorePage, page: Page): Promise<void> {
  await explore.addFormulaAnnotationLayer('Trend', 'x / 1e7');
  await expect(explore.annotationMarks('formula')).toHaveCount(1);
  await expect(explore.staleIndicator).toHaveCount(0);
  const [formula] = await explore.annotationMarkData('formula');
  const xs = (formula?.xValues ?? '').split(',').map(Number);
  const ys = (formula?.values ?? '').split(',').map(Number);
  expect(formula?.layer).toBe('Trend');
  // Every year of the data, plus samples between the ends.
  expect(xs.length).toBeGreaterThan(40);
  expect(ys).toEqual(xs.map((x) => x / 1e7));
  await expect(page.getByTestId(testIds.viz.legendItem).filter({ hasText: 'Trend' })).toHaveCount(1);
}

test('a formula layer is drawn on a time-series chart without a new query', async ({ page }) => {
  const explore = await ExplorePage.openPath(page, `/explore/?slice_id=${await chartIdNamed(page.request, 'Births over time')}`);
  await expect(explore.marks('line')).toHaveCount(2);
  let chartDataPosts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chart/data') chartDataPosts += 1;
  });
  await addTrendFormula(explore, page);
  await expect(explore.annotationWarning).toHaveCount(0);
  expect(chartDataPosts).toBe(0);
});

test('annotation layers made in their list pages are drawn on a time-series chart with a formula', async ({ page }) => {
  const layerName = `Births milestones ${Date.now()}`;

  const pages = await AnnotationLayerPages.openFromSettingsMenu(page);
  await pages.addLayer(layerName, 'Made by the annotation layers e2e test');
  await pages.addAnnotation({ name: 'Census', start: '1990-01-01T00:00', description: 'A census year' });
  await pages.addAnnotation({ name: 'Baby boom echo', start: '1995-01-01T00:00', end: '2000-01-01T00:00', description: 'Five busy years' });
  await expect(pages.annotationNames).toHaveText(['Census', 'Baby boom echo']);

  const explore = await ExplorePage.openPath(page, `/explore/?slice_id=${await chartIdNamed(page.request, 'Births over time')}`);
  await expect(explore.marks('line')).toHaveCount(2);

  await addTrendFormula(explore, page);

  // A saved layer's records come with the chart's data, so the chart needs its query again; until
  // then each new layer's own annotation query brings its records.
  await explore.addNativeAnnotationLayer('Milestones', 'EVENT', layerName);
  await explore.addNativeAnnotationLayer('Milestone windows', 'INTERVAL', layerName);
  await expect(explore.staleIndicator).toHaveCount(1);
  await expect(explore.annotationMarks('event')).toHaveCount(2);
  await expect(explore.annotationMarks('interval')).toHaveCount(2);
  const queryContext = await explore.runAndCaptureQuery();
  const queries = queryContext.queries as { annotation_layers: { name: string; sourceType: string; value: unknown }[] }[];
  // Formulas are evaluated in the browser and never sent.
  expect(queries[0]?.annotation_layers.map((layer) => [layer.name, layer.sourceType])).toEqual([
    ['Milestones', 'NATIVE'],
    ['Milestone windows', 'NATIVE'],
  ]);

  await expect(explore.annotationMarks('event')).toHaveCount(2);
  await expect(explore.annotationMarks('interval')).toHaveCount(2);
  await expect(explore.staleIndicator).toHaveCount(0);
  await expect(explore.annotationWarning).toHaveCount(0);
  const census = Date.UTC(1990, 0, 1);
  const echoStart = Date.UTC(1995, 0, 1);
  const echoEnd = Date.UTC(2000, 0, 1);
  const events = await explore.annotationMarkData('event');
  expect(events.map((event) => `${event.layer}|${event.title}|${event.start}`).sort()).toEqual([
    `Milestones|Baby boom echo|${echoStart}`,
    `Milestones|Census|${census}`,
  ]);
  const intervals = await explore.annotationMarkData('interval');
  expect(intervals.map((interval) => `${interval.layer}|${interval.title}|${interval.start}|${interval.end}`).sort()).toEqual([
    `Milestone windows|Baby boom echo|${echoStart}|${echoEnd}`,
    `Milestone windows|Census|${census}|${census}`,
  ]);
  // The interval band spans five years of the plot; the event line sits inside the x axis.
  const echoBand = explore.annotationMarks('interval').and(page.locator('[data-title="Baby boom echo"]'));
  expect(Number(await echoBand.getAttribute('width'))).toBeGreaterThan(20);
  await expect(page.getByTestId(testIds.viz.annotationLabel).filter({ hasText: 'Census' }).first()).toBeVisible();
});
