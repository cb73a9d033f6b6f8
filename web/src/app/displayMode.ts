/**
 * How a page is shown from its URL (spec 001 §2): the `standalone` display mode and the embedded
 * view's `uiConfig` bit mask.
 */

/** `?standalone=`: Superset's dashboard display modes. */
export const standaloneModes = { none: 0, hideNav: 1, hideNavAndTitle: 2, report: 3 } as const;

/** `?uiConfig=`: the bits of the embedded view's UI config. */
export const uiConfigBits = { hideTitle: 1, hideTab: 2, hideNav: 4, hideChartControls: 8, emitDataMasks: 16 } as const;

/** What a dashboard page leaves out, and whether it tells its embedding page its data masks. */
export interface DashboardDisplay {
  /** The app's navigation bar. */
  hideNav: boolean;
  /** The dashboard's header (title, star, buttons, menu). */
  hideTitle: boolean;
  /** The strip of the top-level tabs (the first tab's content stays). */
  hideTopLevelTabs: boolean;
  /** The filter bar (report mode). */
  hideFilterBar: boolean;
  /** Each chart's controls menu. */
  hideChartControls: boolean;
  /** Posts the data masks to the embedding page as they change. */
  emitDataMasks: boolean;
}

/** A whole number of the URL; 0 when absent or not a number (`true` is 1, as Superset's old links say). */
function numberParam(text: string | null): number {
  if (text === null) return 0;
  if (text.toLowerCase() === 'true') return 1;
  const value = Number.parseInt(text, 10);
  return Number.isNaN(value) ? 0 : value;
}

/** The `standalone` mode of the URL: 0 none, 1 hide navigation, 2 hide navigation and title, 3 report. */
export function standaloneModeOf(params: URLSearchParams): number {
  return numberParam(params.get('standalone'));
}

/** Whether the app's navigation bar is hidden: any standalone mode, or the UI config's navigation bit. */
export function isNavigationHidden(params: URLSearchParams): boolean {
  return standaloneModeOf(params) !== standaloneModes.none || (numberParam(params.get('uiConfig')) & uiConfigBits.hideNav) !== 0;
}

/** The dashboard's display from its URL. */
export function readDashboardDisplay(params: URLSearchParams): DashboardDisplay {
  const mode = standaloneModeOf(params);
  const uiConfig = numberParam(params.get('uiConfig'));
  const hasBit = (bit: number): boolean => (uiConfig & bit) !== 0;
  const isReport = mode === standaloneModes.report;
  return {
    hideNav: isNavigationHidden(params),
    hideTitle: hasBit(uiConfigBits.hideTitle) || mode === standaloneModes.hideNavAndTitle || isReport,
    hideTopLevelTabs: isReport || hasBit(uiConfigBits.hideTab) || hasBit(uiConfigBits.hideNav),
    hideFilterBar: isReport,
    hideChartControls: hasBit(uiConfigBits.hideChartControls),
    emitDataMasks: hasBit(uiConfigBits.emitDataMasks),
  };
}
