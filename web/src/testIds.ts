/**
 * Every `data-testid` of the app, in one place. The e2e tests import this file too, so it must
 * stay free of imports.
 */
export const testIds = {
  header: {
    bar: 'header-bar',
    userName: 'header-user-name',
    themeToggle: 'header-theme-toggle',
    logoutLink: 'header-logout-link',
  },
  login: {
    form: 'login-form',
    username: 'login-username',
    password: 'login-password',
    submit: 'login-submit',
    error: 'login-error',
  },
  home: {
    datasetList: 'home-dataset-list',
    datasetLink: 'home-dataset-link',
  },
  explore: {
    page: 'explore-page',
    loadError: 'explore-load-error',
    datasourcePanel: 'explore-datasource-panel',
    datasetName: 'explore-dataset-name',
    datasourceSearch: 'explore-datasource-search',
    columnItem: 'explore-column-item',
    metricItem: 'explore-metric-item',
    controlPanel: 'explore-control-panel',
    vizTypeControl: 'explore-control-viz-type',
    groupbyControl: 'explore-control-groupby',
    metricsControl: 'explore-control-metrics',
    addMetricButton: 'explore-add-metric',
    metricChip: 'explore-metric-chip',
    metricPopover: 'explore-metric-popover',
    metricColumnSelect: 'explore-metric-column',
    metricAggregateSelect: 'explore-metric-aggregate',
    savedMetricSelect: 'explore-saved-metric',
    metricSimpleTab: 'explore-metric-tab-simple',
    metricSavedTab: 'explore-metric-tab-saved',
    metricSaveButton: 'explore-metric-save',
    rowLimitControl: 'explore-control-row-limit',
    controlError: 'explore-control-error',
    runButton: 'explore-run-button',
  },
  chart: {
    panel: 'chart-panel',
    idle: 'chart-idle',
    loading: 'chart-loading',
    error: 'chart-error',
    empty: 'chart-empty',
    rowCount: 'chart-row-count',
    viewQueryButton: 'chart-view-query',
  },
  tableChart: {
    table: 'table-chart',
    headerCell: 'table-chart-header-cell',
    row: 'table-chart-row',
    cell: 'table-chart-cell',
  },
  viewQuery: {
    modal: 'view-query-modal',
    sql: 'view-query-sql',
    copyButton: 'view-query-copy',
    closeButton: 'view-query-close',
  },
  toast: {
    item: 'toast-item',
  },
} as const;
