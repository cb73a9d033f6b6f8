/** React Query keys, one builder per server resource. */
export const queryKeys = {
  currentUser: ['currentUser'] as const,
  datasets: ['datasets'] as const,
  explore: (datasourceType: string, datasourceId: number | null, sliceId: number | null, stateKey: string | null = null) =>
    ['explore', datasourceType, datasourceId, sliceId, stateKey] as const,
  /** Every Explore state: dropped after a save so a reopened chart reads the saved version. */
  exploreAll: ['explore'] as const,
  chartData: (runNumber: number) => ['chartData', runNumber] as const,
  /** One annotation layer's own query: the chart's query (as text) and the layer's query part. */
  annotationQuery: (chartQuery: string, layer: string) => ['annotationQuery', chartQuery, layer] as const,
  samples: (datasourceType: string, datasourceId: number) => ['samples', datasourceType, datasourceId] as const,
  /** `GET /api/v1/time_range/`: the bounds a `time_range` value resolves to now. */
  timeRange: (timeRange: string) => ['timeRange', timeRange] as const,
  /** One page of a chart's underlying rows (drill to detail), under its form data and the drilled values. */
  drillToDetail: (formData: unknown, drillValues: unknown, page: number) => ['drillToDetail', formData, drillValues, page] as const,
  // SQL Lab (issue #7)
  sqlLabDatabases: ['sqlLabDatabases'] as const,
  sqlLabOverwritableDatasets: (userId: number | null, search: string) => ['sqlLabOverwritableDatasets', userId, search] as const,
  databaseCatalogs: (databaseId: number) => ['databaseCatalogs', databaseId] as const,
  databaseSchemas: (databaseId: number, catalog: string | null = null) => ['databaseSchemas', databaseId, catalog] as const,
  databaseTables: (databaseId: number, schema: string, catalog: string | null = null) => ['databaseTables', databaseId, schema, catalog] as const,
  tableMetadata: (databaseId: number, schema: string, table: string) => ['tableMetadata', databaseId, schema, table] as const,
  dashboard: (idOrSlug: string) => ['dashboard', idOrSlug] as const,
  dashboardCharts: (idOrSlug: string) => ['dashboard', idOrSlug, 'charts'] as const,
  dashboardFavorite: (dashboardId: number) => ['dashboard', 'favorite', dashboardId] as const,
  dashboardChartData: (dashboardId: number, chartId: number, refreshNumber: number) =>
    ['dashboard', dashboardId, 'chartData', chartId, refreshNumber] as const,
  dashboardPermalink: (key: string | null) => ['dashboard', 'permalink', key] as const,
  dashboardFilterState: (idOrSlug: string, key: string | null) => ['dashboard', idOrSlug, 'filterState', key] as const,
  myRoles: ['myRoles'] as const,
  commonConf: ['commonConf'] as const,
  /** A resource's `_info` permissions (spec 001 section 6). */
  resourcePermissions: (resource: string) => ['resourcePermissions', resource] as const,
  // Chart list (issue #8)
  chartListVizTypes: ['chartList', 'vizTypes'] as const,
  // SQL Lab state (issue #7)
  queryHistory: (path: string, refreshNumber: number) => ['queryHistory', path, refreshNumber] as const,
  // Native filters (issue #6)
  dashboardDatasets: (idOrSlug: string) => ['dashboard', idOrSlug, 'datasets'] as const,
  columnValues: (datasetId: number, column: string) => ['columnValues', datasetId, column] as const,
  /** The pages of a column's values that a filter's value select shows. */
  columnValueOptions: (datasetId: number, column: string) => ['columnValues', datasetId, column, 'options'] as const,
  /** The values a Value filter offers from its options query: under its parents' masks, in its order, with its search. */
  selectFilterValues: (datasetId: number, column: string, request: unknown) => ['columnValues', datasetId, column, 'options-query', request] as const,
  timeGrainChoices: ['nativeFilters', 'timeGrains'] as const,
  dashboardFilteredChartData: (dashboardId: number, chartId: number, refreshNumber: number, extraFormData: unknown) =>
    ['dashboard', dashboardId, 'chartData', chartId, refreshNumber, extraFormData] as const,
  // Explore's save modal (issue #5)
  saveModalDashboards: ['dashboard', 'saveModalChoices'] as const,
  // List pages (issue #8): one key family per resource.
  resourceListAll: (resource: string) => ['resourceList', resource] as const,
  resourceList: (resource: string, q: string) => ['resourceList', resource, q] as const,
  relatedOptions: (resource: string, kind: string, column: string) => ['relatedOptions', resource, kind, column] as const,
  /** The options of an owners select: `related/owners` searched for a text. */
  relatedSearch: (resource: string, column: string, search: string) => ['relatedSearch', resource, column, search] as const,
  favoriteStatus: (resource: string, ids: readonly number[]) => ['resourceList', resource, 'favoriteStatus', ...ids] as const,
  // Databases and datasets (issue #8)
  availableEngines: ['database', 'available'] as const,
  databaseDetail: (id: number) => ['database', 'detail', id] as const,
  datasetDetail: (id: number) => ['dataset', 'detail', id] as const,
  datasetRelatedObjects: (id: number) => ['dataset', 'relatedObjects', id] as const,
  // Annotation layers and their annotations
  annotationLayer: (id: number) => ['annotationLayer', id] as const,
  /** Every layer, by name, for Explore's annotation layer picker. */
  annotationLayerChoices: ['resourceList', 'annotation_layer', 'choices'] as const,
  /** Explore's annotation layer editor: the saved line charts a time series layer can come from. */
  annotationSourceCharts: ['resourceList', 'chart', 'annotationSources'] as const,
  annotationList: (layerId: number, q: string) => ['resourceList', 'annotation', layerId, q] as const,
  annotationListAll: (layerId: number) => ['resourceList', 'annotation', layerId] as const,
  // Reports: a chart's or dashboard's own report, inside the report list's family.
  headerReport: (kind: 'chart' | 'dashboard', id: number) => ['resourceList', 'report', 'header', kind, id] as const,
  // A report and its execution log (the scheduler's runs).
  report: (id: number) => ['resourceList', 'report', 'one', id] as const,
  reportLog: (id: number) => ['resourceList', 'report', 'log', id] as const,
};
