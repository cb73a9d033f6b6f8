/** React Query keys, one builder per server resource. */
export const queryKeys = {
  currentUser: ['currentUser'] as const,
  datasets: ['datasets'] as const,
  explore: (datasourceType: string, datasourceId: number, sliceId: number | null) =>
    ['explore', datasourceType, datasourceId, sliceId] as const,
  chartData: (runNumber: number) => ['chartData', runNumber] as const,
  samples: (datasourceType: string, datasourceId: number) => ['samples', datasourceType, datasourceId] as const,
  dashboard: (idOrSlug: string) => ['dashboard', idOrSlug] as const,
  dashboardCharts: (idOrSlug: string) => ['dashboard', idOrSlug, 'charts'] as const,
  dashboardFavorite: (dashboardId: number) => ['dashboard', 'favorite', dashboardId] as const,
  dashboardChartData: (dashboardId: number, chartId: number, refreshNumber: number) =>
    ['dashboard', dashboardId, 'chartData', chartId, refreshNumber] as const,
  dashboardPermalink: (key: string | null) => ['dashboard', 'permalink', key] as const,
  myRoles: ['myRoles'] as const,
};
