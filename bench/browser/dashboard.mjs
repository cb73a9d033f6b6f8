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
import { ensureDashboard, filters, kinds, timedLoad } from './benchDashboard.mjs';
import { commandLine, launchChromium, logIn, summary } from './common.mjs';

const args = commandLine();
const baseURL = args.url ?? 'http://127.0.0.1:8088';
const runs = Number(args.runs ?? 10);
const mode = args.mode ?? 'cold';
const password = args.password ?? process.env.QUIVER_ADMIN_PASSWORD ?? 'admin';

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
