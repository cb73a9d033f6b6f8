// Dashboard load in the browser (docs/performance.md §4): a 30-chart dashboard over birth_names,
// time from navigation to every chart painted. Run by bench/browser.sh against a release server;
// prints a JSON report on stdout.
//
//   node bench/browser/dashboard.mjs --url http://127.0.0.1:PORT --password P --mode cold|warm --runs 10
//
// cold: the server runs with its chart-data cache off and each load is a new browser context
//       (empty HTTP cache, the Wasm core and the app fetched again);
// warm: the server's cache is on and filled by a first load, and each measured load reloads the
//       same browser context.
// The dashboard and its charts are created once through the API (named "Benchmark: 30 charts")
// and reused. The viewport is tall enough for every chart to be in view (charts below the fold
// load only when scrolled to), and "painted" is: every holder's query succeeded, no chart shows
// its loading notice, then two animation frames.
//
// --cpu true: each measured load is traced too (its RunTask events) and the report adds the
// CPU time of the browser's threads (the page's main thread, its worker, the display compositor
// that draws frames in software in headless Chromium): on a shared 2-core machine these are steadier
// than the wall-clock times.
// --trace FILE (warm mode): one more load after the measured ones is recorded with the Chromium
// DevTools protocol: a Chrome trace (FILE, open it in the Performance panel or Perfetto) and a CPU
// profile (FILE.cpuprofile); a summary of the page thread's time goes to stderr.
import { writeFileSync } from 'node:fs';
import { commandLine, launchChromium, logIn, sendJson, summary } from './common.mjs';

const args = commandLine();
const baseURL = args.url ?? 'http://127.0.0.1:8088';
const runs = Number(args.runs ?? 10);
const mode = args.mode ?? 'cold';
const password = args.password ?? process.env.QUIVER_ADMIN_PASSWORD ?? 'admin';
const dashboardTitle = 'Benchmark: 30 charts';

const sumNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };

/** Six kinds of chart (those of the example dashboard)... */
const kinds = [
  { viz_type: 'big_number_total', width: 3, form: { metric: sumNum, y_axis_format: ',d' } },
  { viz_type: 'echarts_timeseries_line', width: 6, form: { x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [sumNum], groupby: ['gender'], row_limit: 10000 } },
  { viz_type: 'pie', width: 3, form: { groupby: ['state'], metric: sumNum, row_limit: 100, sort_by_metric: true } },
  { viz_type: 'table', width: 4, form: { query_mode: 'aggregate', groupby: ['state'], metrics: [sumNum], row_limit: 100, order_desc: true } },
  { viz_type: 'echarts_timeseries_bar', width: 4, form: { x_axis: 'state', metrics: [sumNum], row_limit: 10, x_axis_sort: 'SUM(num)', x_axis_sort_asc: false } },
  { viz_type: 'table', width: 4, form: { query_mode: 'aggregate', groupby: ['name'], metrics: [sumNum], row_limit: 10, order_desc: true } },
];
/** ...each under five filters, so that the 30 queries differ. */
const filters = [
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
async function ensureDashboard(page) {
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

/** The CPU time (ms) of the browser's threads in a trace, by thread name, and of all of them. */
function threadCpuMs(events) {
  const threadNames = new Map(events.filter((event) => event.name === 'thread_name').map((event) => [`${event.pid}:${event.tid}`, event.args.name]));
  const cpu = { all: 0 };
  for (const event of events) {
    if (event.ph !== 'X' || event.name !== 'RunTask' || typeof event.tdur !== 'number') continue;
    const name = threadNames.get(`${event.pid}:${event.tid}`) ?? 'other';
    cpu[name] = (cpu[name] ?? 0) + event.tdur / 1000;
    cpu.all += event.tdur / 1000;
  }
  return cpu;
}

/** The categories whose RunTask events (with their thread time) cover every thread. */
const cpuTraceCategories = 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline';

/** `timedLoad` with a trace: the sample gains `threadCpuMs`. */
async function cpuTimedLoad(page, dashboardId) {
  const session = await page.context().newCDPSession(page);
  const events = [];
  session.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const tracingDone = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
  await session.send('Tracing.start', { categories: cpuTraceCategories, transferMode: 'ReportEvents' });
  const sample = await timedLoad(page, dashboardId);
  await session.send('Tracing.end');
  await tracingDone;
  await session.detach();
  return { ...sample, threadCpuMs: threadCpuMs(events) };
}

/** Loads the dashboard and returns, from navigation start, when every chart was painted. */
async function timedLoad(page, dashboardId) {
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

const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

/** The page thread's top-level trace events, summed by name (Layout, FunctionCall, ...), ms. */
function mainThreadTotals(events) {
  const rendererMain = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const totals = {};
  for (const event of events) {
    if (rendererMain === undefined || event.pid !== rendererMain.pid || event.tid !== rendererMain.tid) continue;
    if (event.ph !== 'X' || typeof event.dur !== 'number' || event.cat.includes('toplevel')) continue;
    totals[event.name] = (totals[event.name] ?? 0) + event.dur / 1000;
  }
  return Object.entries(totals).sort(([, left], [, right]) => right - left).slice(0, 20);
}

/** Self time of the CPU profile's functions (name, script, line), ms, largest first. */
function profileSelfTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map();
  for (let index = 0; index < profile.samples.length; index += 1) {
    const node = byId.get(profile.samples[index]);
    const frame = node.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1)}:${frame.lineNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  }
  return [...selfMs.entries()].sort(([, left], [, right]) => right - left).slice(0, 40);
}

/** Records one load: a Chrome trace and a CPU profile of the page; prints what took the time. */
async function tracedLoad(page, dashboardId, traceFile) {
  const session = await page.context().newCDPSession(page);
  const events = [];
  session.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const tracingDone = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Tracing.start', { categories: traceCategories, transferMode: 'ReportEvents' });
  await session.send('Profiler.start');
  const sample = await timedLoad(page, dashboardId);
  const { profile } = await session.send('Profiler.stop');
  await session.send('Tracing.end');
  await tracingDone;
  writeFileSync(traceFile, JSON.stringify({ traceEvents: events }));
  writeFileSync(`${traceFile}.cpuprofile`, JSON.stringify(profile));
  process.stderr.write(`traced load: painted at ${sample.paintedMs.toFixed(0)} ms, last chart answer ${sample.lastChartResponseMs?.toFixed(0)} ms\n`);
  process.stderr.write('page thread, top-level trace events (ms):\n');
  for (const [name, ms] of mainThreadTotals(events)) process.stderr.write(`  ${ms.toFixed(1).padStart(8)}  ${name}\n`);
  process.stderr.write('CPU profile, self time (ms):\n');
  for (const [name, ms] of profileSelfTimes(profile)) process.stderr.write(`  ${ms.toFixed(1).padStart(8)}  ${name}\n`);
  await session.detach();
}

/** The median CPU time of each thread over the samples (threads that took at least 5 ms). */
function cpuSummary(samples) {
  const names = new Set(samples.flatMap((sample) => Object.keys(sample.threadCpuMs)));
  const medians = {};
  for (const name of names) {
    const median = summary(samples.map((sample) => sample.threadCpuMs[name] ?? 0)).median;
    if (median >= 5) medians[name] = Number(median.toFixed(1));
  }
  return medians;
}

async function main() {
  const browser = await launchChromium();
  const viewport = { width: 1440, height: 4000 };
  const setup = await browser.newContext({ baseURL, viewport });
  const setupPage = await logIn(setup, password);
  const dashboardId = await ensureDashboard(setupPage);
  const storageState = await setup.storageState();
  const samples = [];
  const measuredLoad = args.cpu === 'true' ? cpuTimedLoad : timedLoad;
  if (mode === 'warm') {
    // The first load fills the server's and the browser's caches.
    await timedLoad(setupPage, dashboardId);
    await timedLoad(setupPage, dashboardId);
    for (let index = 0; index < runs; index += 1) samples.push(await measuredLoad(setupPage, dashboardId));
    if (args.trace !== undefined) await tracedLoad(setupPage, dashboardId, args.trace);
  } else {
    await setup.close();
    for (let index = 0; index < runs; index += 1) {
      const context = await browser.newContext({ baseURL, viewport, storageState });
      const page = await context.newPage();
      samples.push(await measuredLoad(page, dashboardId));
      await context.close();
    }
  }
  await browser.close();
  const painted = samples.map((sample) => sample.paintedMs);
  const report = {
    date: new Date().toISOString(),
    mode,
    runs,
    charts: kinds.length * filters.length,
    paintedMs: summary(painted),
    ...(args.cpu === 'true' ? { threadCpuMs: cpuSummary(samples) } : {}),
    samples,
  };
  process.stderr.write(`dashboard ${mode}: median ${report.paintedMs.median.toFixed(0)} ms\n`);
  if (report.threadCpuMs !== undefined) process.stderr.write(`thread CPU, median ms: ${JSON.stringify(report.threadCpuMs)}\n`);
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await main();
