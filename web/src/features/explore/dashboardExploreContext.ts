/**
 * The dashboard context Explore opens a dashboard chart with (Superset's `dashboard_page_id` and
 * its `DASHBOARD_EXPLORE_CONTEXT` local storage entry): the chart menu's "Explore chart" stores,
 * under the dashboard page's id, what the dashboard lays over the chart's form data (the filters it
 * applies as `extra_form_data`, the dashboard's colours); `/explore/?dashboard_page_id=P&slice_id=N`
 * lays it over the loaded chart, so Explore shows the chart as the dashboard drew it.
 */

/** The URL parameter naming the dashboard page a chart was opened from. */
export const dashboardPageIdParam = 'dashboard_page_id';

/** The local storage key of every page's context (Superset's). */
export const dashboardExploreContextKey = 'dashboard_explore_context';

/** Contexts older than a day are dropped when another is stored. */
const contextLifetimeMs = 24 * 60 * 60 * 1000;

/** At most this many dashboard pages keep a context; the oldest go first. */
const maxStoredPages = 20;

/** One dashboard page's context: the form data it lays over each chart, by chart id. */
export interface DashboardExploreContext {
  dashboardId: number;
  /** When the context was last written (ms since the epoch). */
  updatedAt: number;
  charts: Record<string, Record<string, unknown>>;
}

type StoredContexts = Record<string, DashboardExploreContext>;

/** A fresh id for a dashboard page: one per opened dashboard. */
export function newDashboardPageId(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 21);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readStoredContexts(storage: Storage): StoredContexts {
  try {
    const value: unknown = JSON.parse(storage.getItem(dashboardExploreContextKey) ?? '{}');
    if (!isRecord(value)) return {};
    const contexts: StoredContexts = {};
    for (const [pageId, context] of Object.entries(value)) {
      if (isRecord(context) && typeof context.dashboardId === 'number' && typeof context.updatedAt === 'number' && isRecord(context.charts)) {
        contexts[pageId] = context as unknown as DashboardExploreContext;
      }
    }
    return contexts;
  } catch {
    return {};
  }
}

/**
 * Stores what the dashboard page `pageId` lays over chart `chartId`, keeping the page's other
 * charts; contexts older than a day, and all but the 20 newest pages, are dropped.
 */
export function storeDashboardExploreContext(
  pageId: string,
  dashboardId: number,
  chartId: number,
  formDataOverrides: Record<string, unknown>,
  now: number = Date.now(),
  storage: Storage = window.localStorage,
): void {
  const contexts = readStoredContexts(storage);
  const page = contexts[pageId];
  contexts[pageId] = {
    dashboardId,
    updatedAt: now,
    charts: { ...(page?.dashboardId === dashboardId ? page.charts : {}), [String(chartId)]: formDataOverrides },
  };
  const kept = Object.entries(contexts)
    .filter(([, context]) => now - context.updatedAt <= contextLifetimeMs)
    .sort(([, a], [, b]) => b.updatedAt - a.updatedAt)
    .slice(0, maxStoredPages);
  try {
    storage.setItem(dashboardExploreContextKey, JSON.stringify(Object.fromEntries(kept)));
  } catch (error) {
    // A full or refused storage only loses the dashboard's filters in Explore.
    console.warn('dashboard explore context could not be stored', error);
  }
}

/** What the dashboard page `pageId` lays over chart `chartId`; null when nothing is stored. */
export function readDashboardExploreContext(
  pageId: string | null,
  chartId: number | null,
  storage: Storage = window.localStorage,
): Record<string, unknown> | null {
  if (pageId === null || chartId === null) return null;
  const overrides = readStoredContexts(storage)[pageId]?.charts[String(chartId)];
  return isRecord(overrides) ? overrides : null;
}
