import { createContext, useContext } from 'react';
import type { DashboardChart } from '@/api/generated/DashboardChart';
import type { DashboardLayout } from './dashboardLayout';
import type { DashboardEditor } from './editing/useDashboardEditor';

/** What every layout component of the grid reads. */
export interface DashboardGridState {
  dashboardId: number;
  layout: DashboardLayout;
  chartsById: ReadonlyMap<number, DashboardChart>;
  /** The width of one grid column in pixels. */
  columnWidth: number;
  /** The open tab of each tabs component, by the tabs component's id. */
  activeTabs: Readonly<Record<string, string>>;
  onTabChange: (tabsId: string, tabId: string) => void;
  /** The element the dashboard scrolls in (for loading charts near the viewport). */
  scrollRoot: HTMLElement | null;
  /** Edit mode, when on. */
  editor: DashboardEditor | null;
}

export const DashboardGridContext = createContext<DashboardGridState | null>(null);

export function useDashboardGrid(): DashboardGridState {
  const state = useContext(DashboardGridContext);
  if (state === null) throw new Error('useDashboardGrid needs a DashboardGrid above it');
  return state;
}
