// Explore in the browser: time from clicking Run to the chart painted, and the frame rate while
// scrolling a 100k-row table (docs/performance.md §3). Run by bench/browser.sh against a release
// server; prints a JSON report on stdout.
//
//   node bench/browser/explore.mjs --url http://127.0.0.1:PORT --runs 20 --password admin
//
// Each measured Run is timed inside the page: `performance.now()` before the Run button's click,
// then a MutationObserver waits for the loading notice to come and go and the chart's marks to be
// there; two animation frames later the chart is on screen. The chart-data request's own time
// (request start to response end) comes from the Resource Timing entries, so the report splits
// Run to paint into server and browser time.
import { commandLine, launchChromium, logIn, scrollFrames, scrollSummary, sendJson, summary } from './common.mjs';

const args = commandLine();
const baseURL = args.url ?? 'http://127.0.0.1:8088';
const runs = Number(args.runs ?? 20);
const warmups = Number(args.warmups ?? 2);
const password = args.password ?? process.env.QUIVER_ADMIN_PASSWORD ?? 'admin';
const scrollSeconds = Number(args['scroll-seconds'] ?? 5);

const sumNum = {
  expressionType: 'SIMPLE',
  column: { column_name: 'num' },
  aggregate: 'SUM',
  label: 'SUM(num)',
};

/** The scenarios of §3: what is charted, and the selector of its marks. */
const scenarios = [
  {
    name: 'table, 10k result rows (name x state x ds, SUM(num))',
    marks: '[data-testid="table-chart-row"]',
    formData: {
      viz_type: 'table',
      query_mode: 'aggregate',
      groupby: ['name', 'state', 'ds'],
      metrics: [sumNum],
      row_limit: 10000,
      order_desc: true,
      time_range: 'No filter',
      adhoc_filters: [],
    },
  },
  {
    name: 'line chart, 20 series (yearly SUM(num) by name)',
    marks: '[data-testid="viz-mark"][data-kind="line"]',
    formData: {
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      time_grain_sqla: 'P1Y',
      metrics: [sumNum],
      groupby: ['name'],
      limit: 20,
      timeseries_limit_metric: sumNum,
      order_desc: true,
      row_limit: 10000,
      time_range: 'No filter',
      adhoc_filters: [],
    },
  },
];

const scrollScenario = {
  name: 'table, 100k rows (raw records), scrolled',
  marks: '[data-testid="table-chart-row"]',
  formData: {
    viz_type: 'table',
    query_mode: 'raw',
    all_columns: ['ds', 'name', 'gender', 'state', 'num'],
    row_limit: 100000,
    time_range: 'No filter',
    adhoc_filters: [],
  },
};

async function datasetId(page, tableName) {
  const filter = `(filters:!((col:table_name,opr:eq,value:${tableName})))`;
  const response = await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent(filter)}`);
  const dataset = (await response.json()).result.find((item) => item.table_name === tableName);
  if (dataset === undefined) throw new Error(`no dataset ${tableName}`);
  return dataset.id;
}

/** Opens Explore on the form data (through the Explore state cache) and waits for its first chart. */
async function openExplore(page, datasourceId, scenario) {
  const formData = { ...scenario.formData, datasource: `${datasourceId}__table` };
  const { key } = await sendJson(page, 'POST', '/api/v1/explore/form_data', {
    datasource_id: datasourceId,
    datasource_type: 'table',
    form_data: JSON.stringify(formData),
  });
  await page.goto(`/explore/?form_data_key=${key}`);
  await page.locator('[data-testid="explore-run-button"]').waitFor();
  await page.locator(scenario.marks).first().waitFor({ timeout: 120_000 });
  return formData;
}

/** Clicks Run and times it to the chart painted, in the page; the chart-data request's time too. */
async function timedRun(page, marks) {
  return page.evaluate(
    (marksSelector) =>
      new Promise((resolve, reject) => {
        const loading = '[data-testid="chart-loading"]';
        const failed = '[data-testid="chart-error"]';
        performance.clearResourceTimings();
        let sawLoading = false;
        const started = performance.now();
        const finish = () => {
          observer.disconnect();
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const painted = performance.now();
              const request = performance
                .getEntriesByType('resource')
                .filter((entry) => entry.name.includes('/api/v1/chart/data'))
                .pop();
              resolve({
                runToPaint: painted - started,
                request: request === undefined ? null : request.responseEnd - request.startTime,
                marks: document.querySelectorAll(marksSelector).length,
              });
            }),
          );
        };
        const check = () => {
          if (document.querySelector(failed) !== null) {
            observer.disconnect();
            reject(new Error(document.querySelector(failed).textContent));
            return;
          }
          if (document.querySelector(loading) !== null) {
            sawLoading = true;
            return;
          }
          if (sawLoading && document.querySelector(marksSelector) !== null) finish();
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true });
        document.querySelector('[data-testid="explore-run-button"]').click();
        check();
        setTimeout(() => {
          observer.disconnect();
          reject(new Error('the chart did not paint within 120 s'));
        }, 120_000);
      }),
    marks,
  );
}

async function main() {
  const browser = await launchChromium();
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await logIn(context, password);
  const birthNames = await datasetId(page, 'birth_names');

  // The query context of the page's latest chart-data request, to ask the server for its SQL.
  let postedContext = null;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chart/data') postedContext = request.postDataJSON();
  });
  const sqlOf = async () => {
    const answer = await sendJson(page, 'POST', '/api/v1/chart/data', { ...postedContext, result_format: 'json', result_type: 'query' });
    return answer.result.map((result) => result.query);
  };

  const report = { date: new Date().toISOString(), runs, warmups, scenarios: [] };
  for (const scenario of scenarios) {
    await openExplore(page, birthNames, scenario);
    for (let index = 0; index < warmups; index += 1) await timedRun(page, scenario.marks);
    const samples = [];
    for (let index = 0; index < runs; index += 1) samples.push(await timedRun(page, scenario.marks));
    const rowCount = await page.locator('[data-testid="chart-row-count"]').textContent();
    report.scenarios.push({
      name: scenario.name,
      sql: await sqlOf(),
      rowCount,
      marks: samples[samples.length - 1].marks,
      runToPaintMs: summary(samples.map((sample) => sample.runToPaint)),
      requestMs: summary(samples.map((sample) => sample.request ?? Number.NaN)),
      browserMs: summary(samples.map((sample) => sample.runToPaint - (sample.request ?? 0))),
    });
    process.stderr.write(`${scenario.name}: median ${report.scenarios.at(-1).runToPaintMs.median.toFixed(1)} ms\n`);
  }

  await openExplore(page, birthNames, scrollScenario);
  const first = await timedRun(page, scrollScenario.marks);
  const rowCount = await page.locator('[data-testid="chart-row-count"]').textContent();
  const scrolls = [];
  for (let index = 0; index < 3; index += 1) {
    scrolls.push(await scrollFrames(page, { rowSelector: '[data-testid="table-chart-row"]', seconds: scrollSeconds, step: 80 }));
  }
  report.scroll = {
    name: scrollScenario.name,
    sql: await sqlOf(),
    rowCount,
    runToPaintMs: first.runToPaint,
    requestMs: first.request,
    ...scrollSummary(scrolls),
  };
  process.stderr.write(`scroll: ${report.scroll.fps.map((fps) => fps.toFixed(1)).join(', ')} fps\n`);
  await browser.close();
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await main();
