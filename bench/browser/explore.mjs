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
import { chromium } from 'playwright-core';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, value, index, all) => (index % 2 === 0 ? [...pairs, [value.replace(/^--/, ''), all[index + 1]]] : pairs), []),
);
const baseURL = args.url ?? 'http://127.0.0.1:8088';
const runs = Number(args.runs ?? 20);
const warmups = Number(args.warmups ?? 2);
const password = args.password ?? process.env.QUIVER_ADMIN_PASSWORD ?? 'admin';
const scrollSeconds = Number(args['scroll-seconds'] ?? 5);

const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

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

function percentile(values, fraction) {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function summary(values) {
  return { median: percentile(values, 0.5), p95: percentile(values, 0.95), min: Math.min(...values), max: Math.max(...values), n: values.length };
}

async function csrfToken(page) {
  const response = await page.request.get('/api/v1/security/csrf_token/');
  if (!response.ok()) throw new Error(`csrf token answered ${response.status()}`);
  return (await response.json()).result;
}

async function postJson(page, path, body) {
  const response = await page.request.post(path, { data: body, headers: { 'X-CSRFToken': await csrfToken(page) } });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

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
  const { key } = await postJson(page, '/api/v1/explore/form_data', {
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

/** Scrolls the table's scrolling box for `seconds`, one step per frame, and counts the frames. */
async function scrollFrames(page, seconds) {
  return page.evaluate(
    (duration) =>
      new Promise((resolve) => {
        let box = document.querySelector('[data-testid="table-chart"]');
        while (box !== null && !['auto', 'scroll'].includes(getComputedStyle(box).overflowY)) box = box.parentElement;
        if (box === null) throw new Error('no scrolling box around the table');
        const step = 80;
        const intervals = [];
        const renderedIndices = new Set();
        const started = performance.now();
        let previous = started;
        const frame = (now) => {
          intervals.push(now - previous);
          previous = now;
          box.scrollTop += step;
          const firstRow = box.querySelector('[data-testid="table-chart-row"]');
          if (firstRow !== null) renderedIndices.add(firstRow.getAttribute('aria-rowindex') ?? firstRow.textContent);
          if (now - started < duration * 1000) requestAnimationFrame(frame);
          else
            resolve({
              seconds: (now - started) / 1000,
              frames: intervals.length,
              intervals,
              scrolledPx: box.scrollTop,
              scrollHeight: box.scrollHeight,
              domRows: box.querySelectorAll('[data-testid="table-chart-row"]').length,
              distinctFirstRows: renderedIndices.size,
            });
        };
        requestAnimationFrame((now) => {
          previous = now;
          requestAnimationFrame(frame);
        });
      }),
    seconds,
  );
}

async function main() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login/');
  await page.locator('[data-testid="login-username"]').fill('admin');
  await page.locator('[data-testid="login-password"]').fill(password);
  await page.locator('[data-testid="login-submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const birthNames = await datasetId(page, 'birth_names');

  // The query context of the page's latest chart-data request, to ask the server for its SQL.
  let postedContext = null;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chart/data') postedContext = request.postDataJSON();
  });
  const sqlOf = async () => {
    const answer = await postJson(page, '/api/v1/chart/data', { ...postedContext, result_format: 'json', result_type: 'query' });
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
    await page.evaluate(() => {
      let box = document.querySelector('[data-testid="table-chart"]');
      while (box !== null && !['auto', 'scroll'].includes(getComputedStyle(box).overflowY)) box = box.parentElement;
      box.scrollTop = 0;
    });
    scrolls.push(await scrollFrames(page, scrollSeconds));
  }
  const intervals = scrolls.flatMap((scroll) => scroll.intervals);
  report.scroll = {
    name: scrollScenario.name,
    sql: await sqlOf(),
    rowCount,
    runToPaintMs: first.runToPaint,
    requestMs: first.request,
    fps: scrolls.map((scroll) => scroll.frames / scroll.seconds),
    frameMs: summary(intervals),
    framesOver50ms: intervals.filter((interval) => interval > 50).length,
    domRows: scrolls[0].domRows,
    scrolledPx: scrolls.map((scroll) => scroll.scrolledPx),
    scrollHeight: scrolls[0].scrollHeight,
    distinctFirstRows: scrolls.map((scroll) => scroll.distinctFirstRows),
  };
  process.stderr.write(`scroll: ${report.scroll.fps.map((fps) => fps.toFixed(1)).join(', ')} fps\n`);
  await browser.close();
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await main();
