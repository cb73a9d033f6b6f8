// The benchmark dashboard (docs/performance.md §4), shared by dashboard.mjs and chart-requests.mjs:
// "Benchmark: 30 charts" over birth_names, created once through the API, and a timed load of it.
import { sendJson } from './common.mjs';

export const dashboardTitle = 'Benchmark: 30 charts';

const sumNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };

/** Six kinds of chart (those of the example dashboard)... */
export const kinds = [
  { viz_type: 'big_number_total', width: 3, form: { metric: sumNum, y_axis_format: ',d' } },
  { viz_type: 'echarts_timeseries_line', width: 6, form: { x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [sumNum], groupby: ['gender'], row_limit: 10000 } },
  { viz_type: 'pie', width: 3, form: { groupby: ['state'], metric: sumNum, row_limit: 100, sort_by_metric: true } },
  { viz_type: 'table', width: 4, form: { query_mode: 'aggregate', groupby: ['state'], metrics: [sumNum], row_limit: 100, order_desc: true } },
  { viz_type: 'echarts_timeseries_bar', width: 4, form: { x_axis: 'state', metrics: [sumNum], row_limit: 10, x_axis_sort: 'SUM(num)', x_axis_sort_asc: false } },
  { viz_type: 'table', width: 4, form: { query_mode: 'aggregate', groupby: ['name'], metrics: [sumNum], row_limit: 10, order_desc: true } },
];
/** ...each under five filters, so that the 30 queries differ. */
export const filters = [
  [],
  [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: '==', comparator: 'boy' }],
  [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: '==', comparator: 'girl' }],
  [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: 'IN', comparator: ['CA', 'NY', 'TX', 'FL'] }],
  [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'num', operator: '>', comparator: 10 }],
];

async function findDashboard(page) {
  const filter = `(filters:!((col:dashboard_title,opr:eq,value:'${dashboardTitle}')))`;
  const answer = await (await page.request.get(`/api/v1/dashboard/?q=${encodeURIComponent(filter)}`)).json();
  return answer.result.find((item) => item.dashboard_title === dashboardTitle)?.id ?? null;
}

/** Creates the 30 charts and the dashboard (rows of charts, 12 columns wide) unless they exist. */
export async function ensureDashboard(page) {
  const existing = await findDashboard(page);
  if (existing !== null) return existing;
  const datasets = await (await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent('(page_size:100)')}`)).json();
  const birthNames = datasets.result.find((item) => item.table_name === 'birth_names').id;
  const layout = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: [], parents: ['ROOT_ID'] },
  };
  let row = null;
  let rowWidth = 0;
  let number = 0;
  for (const filter of filters) {
    for (const kind of kinds) {
      number += 1;
      const params = { ...kind.form, viz_type: kind.viz_type, datasource: `${birthNames}__table`, time_range: 'No filter', adhoc_filters: filter };
      const chart = await sendJson(page, 'POST', '/api/v1/chart/', {
        slice_name: `Benchmark chart ${number} (${kind.viz_type})`,
        viz_type: kind.viz_type,
        datasource_id: birthNames,
        datasource_type: 'table',
        params: JSON.stringify(params),
      });
      if (row === null || rowWidth + kind.width > 12) {
        row = `ROW-bench-${number}`;
        rowWidth = 0;
        layout[row] = { type: 'ROW', id: row, children: [], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } };
        layout.GRID_ID.children.push(row);
      }
      const id = `CHART-bench-${number}`;
      layout[id] = { type: 'CHART', id, children: [], parents: ['ROOT_ID', 'GRID_ID', row], meta: { chartId: chart.id, width: kind.width, height: 50 } };
      layout[row].children.push(id);
      rowWidth += kind.width;
    }
  }
  const dashboard = await sendJson(page, 'POST', '/api/v1/dashboard/', {
    dashboard_title: dashboardTitle,
    position_json: JSON.stringify(layout),
    published: true,
  });
  return dashboard.id;
}

/** Loads the dashboard and returns, from navigation start, when every chart was painted. */
export async function timedLoad(page, dashboardId) {
  await page.goto(`/superset/dashboard/${dashboardId}/`, { waitUntil: 'commit' });
  return page.evaluate(
    (count) =>
      new Promise((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error('the dashboard did not paint within 120 s')), 120_000);
        const check = () => {
          const holders = document.querySelectorAll('[data-testid="dashboard-chart"]');
          const loaded = document.querySelectorAll('[data-testid="dashboard-chart"] [data-loaded="true"]');
          const errors = document.querySelectorAll('[data-testid="dashboard-chart"] [data-testid="chart-error"]');
          if (errors.length > 0) {
            clearTimeout(deadline);
            reject(new Error(`a chart failed: ${errors[0].textContent}`));
            return;
          }
          const loading = document.querySelectorAll('[data-testid="dashboard-chart"] [data-testid="chart-loading"]');
          if (holders.length === count && loaded.length === count && loading.length === 0) {
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                clearTimeout(deadline);
                const navigation = performance.getEntriesByType('navigation')[0];
                const chartRequests = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/v1/chart/data'));
                resolve({
                  paintedMs: performance.now(),
                  domContentLoadedMs: navigation?.domContentLoadedEventEnd ?? null,
                  chartRequests: chartRequests.length,
                  firstChartRequestMs: chartRequests.length > 0 ? Math.min(...chartRequests.map((entry) => entry.startTime)) : null,
                  lastChartResponseMs: chartRequests.length > 0 ? Math.max(...chartRequests.map((entry) => entry.responseEnd)) : null,
                  // How long chart requests waited in the browser before being sent (Chromium
                  // queues them beyond 6 connections per host on HTTP/1.1), and the server's time
                  // to the first byte of each answer.
                  chartRequestWaitMs: chartRequests.map((entry) => Math.max(0, entry.requestStart - entry.startTime)),
                  chartRequestServerMs: chartRequests.map((entry) => entry.responseStart - entry.requestStart),
                  chartRequestProtocols: [...new Set(chartRequests.map((entry) => entry.nextHopProtocol))],
                });
              }),
            );
            return;
          }
          requestAnimationFrame(check);
        };
        check();
      }),
    kinds.length * filters.length,
  );
}

