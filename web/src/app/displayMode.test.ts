import { describe, expect, it } from 'vitest';
import { isNavigationHidden, readDashboardDisplay } from './displayMode';

const display = (query: string): ReturnType<typeof readDashboardDisplay> => readDashboardDisplay(new URLSearchParams(query));

describe('dashboard display modes', () => {
  it('shows everything by default (standalone=0 too)', () => {
    const shown = { hideNav: false, hideTitle: false, hideTopLevelTabs: false, hideFilterBar: false, hideChartControls: false, emitDataMasks: false };
    expect(display('')).toEqual(shown);
    expect(display('standalone=0')).toEqual(shown);
    expect(display('standalone=nonsense&uiConfig=x')).toEqual(shown);
  });

  it('standalone=1 hides the navigation, 2 the navigation and title, 3 (report) also the tab strip and the filter bar', () => {
    expect(display('standalone=1')).toMatchObject({ hideNav: true, hideTitle: false, hideTopLevelTabs: false, hideFilterBar: false });
    expect(display('standalone=true')).toMatchObject({ hideNav: true, hideTitle: false });
    expect(display('standalone=2')).toMatchObject({ hideNav: true, hideTitle: true, hideTopLevelTabs: false, hideFilterBar: false });
    expect(display('standalone=3')).toMatchObject({ hideNav: true, hideTitle: true, hideTopLevelTabs: true, hideFilterBar: true });
  });

  it('reads the UI config bits: 1 title, 2 tab, 4 navigation, 8 chart controls, 16 emit data masks', () => {
    expect(display('uiConfig=1')).toMatchObject({ hideTitle: true, hideTopLevelTabs: false, hideNav: false });
    expect(display('uiConfig=2')).toMatchObject({ hideTitle: false, hideTopLevelTabs: true, hideNav: false });
    expect(display('uiConfig=4')).toMatchObject({ hideNav: true, hideTopLevelTabs: true, hideTitle: false });
    expect(display('uiConfig=8')).toMatchObject({ hideChartControls: true, hideTitle: false, emitDataMasks: false });
    expect(display('uiConfig=16')).toMatchObject({ emitDataMasks: true, hideChartControls: false });
    expect(display('uiConfig=25')).toEqual({
      hideNav: false,
      hideTitle: true,
      hideTopLevelTabs: false,
      hideFilterBar: false,
      hideChartControls: true,
      emitDataMasks: true,
    });
  });

  it('hides the app navigation for any standalone mode or the navigation bit', () => {
    expect(isNavigationHidden(new URLSearchParams('standalone=2'))).toBe(true);
    expect(isNavigationHidden(new URLSearchParams('uiConfig=4'))).toBe(true);
    expect(isNavigationHidden(new URLSearchParams('uiConfig=3'))).toBe(false);
    expect(isNavigationHidden(new URLSearchParams(''))).toBe(false);
  });
});
