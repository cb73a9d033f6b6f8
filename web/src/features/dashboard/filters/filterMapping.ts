import type { NativeFilter } from '@/api/generated/NativeFilter';
import type { NativeFilterScope } from '@/api/generated/NativeFilterScope';
import { rootId, type DashboardLayout } from '../dashboardLayout';

/**
 * "Set filter mapping" (a dashboard chart's menu): which native filters apply to one chart. A
 * filter's scope is its `rootPath` components minus `excluded` charts; mapping a chart in or out
 * changes only what that chart needs.
 */

/** The ids from the root down to the layout component of `chartId`, both included; null when the layout does not hold it. */
export function chartComponentPath(layout: DashboardLayout, chartId: number): string[] | null {
  const visit = (id: string, path: readonly string[]): string[] | null => {
    const component = layout[id];
    if (component === undefined || path.includes(id)) return null;
    const here = [...path, id];
    if (component.type === 'CHART' && component.meta.chartId === chartId) return here;
    for (const child of component.children) {
      const found = visit(child, here);
      if (found !== null) return found;
    }
    return null;
  };
  return visit(rootId, []);
}

/**
 * The scope of a filter once the chart is mapped in or out. Out: the chart joins `excluded`. In:
 * it leaves `excluded`, and when no `rootPath` component holds it, its own component joins
 * `rootPath`. Example: `{rootPath: ['TAB-a'], excluded: [7]}` with chart 7 (`ROOT_ID > TABS-1 >
 * TAB-b > CHART-7`) mapped in gives `{rootPath: ['TAB-a', 'CHART-7'], excluded: []}`.
 */
export function scopeWithChartMapped(scope: NativeFilterScope, chartId: number, chartPath: readonly string[], isMapped: boolean): NativeFilterScope {
  if (!isMapped) {
    return scope.excluded.includes(chartId) ? scope : { ...scope, excluded: [...scope.excluded, chartId] };
  }
  const excluded = scope.excluded.filter((id) => id !== chartId);
  const isUnderRootPath = scope.rootPath.some((componentId) => chartPath.includes(componentId));
  const chartComponentId = chartPath.at(-1);
  const rootPath = isUnderRootPath || chartComponentId === undefined ? scope.rootPath : [...scope.rootPath, chartComponentId];
  return { rootPath, excluded };
}

/** The filters whose mapping changed, with their new scope (what `PUT .../filters` saves as `modified`). */
export function filtersWithMappingChanges(
  filters: readonly NativeFilter[],
  chartId: number,
  chartPath: readonly string[],
  initiallyMapped: ReadonlySet<string>,
  mapped: ReadonlySet<string>,
): NativeFilter[] {
  return filters
    .filter((filter) => initiallyMapped.has(filter.id) !== mapped.has(filter.id))
    .map((filter) => ({ ...filter, scope: scopeWithChartMapped(filter.scope, chartId, chartPath, mapped.has(filter.id)) }));
}
