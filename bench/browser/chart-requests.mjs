// The 30-chart dashboard's chart-data requests (docs/performance.md §4, decision 0083): does sending
// one request per chart over HTTP/1.1, at most 6 at a time per host in Chromium, cost the load time
// that one batch request or HTTP/2's multiplexing would save?
//
//   node bench/browser/chart-requests.mjs --url http://127.0.0.1:PORT --password P --loads 5 --rounds 6
//
// 1. Browser: loads the dashboard warm (as dashboard.mjs does) `--loads` times and reports, from
//    Resource Timing, how long each chart request waited in the browser before it was sent (the
//    queue behind the 6 connections), the server's time to the first byte, and the protocol.
// 2. Replay: records the 30 chart-data requests of one load (bodies and headers, the session's
//    cookie and CSRF token) and sends them again from Node in `--rounds` rounds, the arms
//    alternating so that they share the machine's conditions:
//      six: 6 keep-alive connections, as Chromium over HTTP/1.1;
//      all: 30 connections, every request at once: what the server gets from HTTP/2's
//           multiplexing or from one batch request running the 30 queries together;
//    each warm (the answers cached, as recorded) and cold (`force: true` in every query context,
//    so every query runs on the engine).
// Prints a JSON report on stdout.
import http from 'node:http';
import { ensureDashboard, timedLoad } from './benchDashboard.mjs';
import { commandLine, launchChromium, logIn, summary } from './common.mjs';

const args = commandLine();
const baseURL = args.url ?? 'http://127.0.0.1:8088';
const password = args.password ?? process.env.QUIVER_ADMIN_PASSWORD ?? 'admin';
const loads = Number(args.loads ?? 5);
const rounds = Number(args.rounds ?? 6);

/** The chart-data requests of one load of the dashboard: url, headers and body. */
async function recordChartRequests(page, dashboardId) {
  const recorded = [];
  const onRequest = async (request) => {
    if (!request.url().includes('/api/v1/chart/data') || request.method() !== 'POST') return;
    recorded.push({ url: request.url(), headers: await request.allHeaders(), body: request.postData() ?? '' });
  };
  page.on('request', onRequest);
  await timedLoad(page, dashboardId);
  page.off('request', onRequest);
  return recorded;
}

/** `body` with `force: true`: the server skips its cache and runs the query. */
function forced(body) {
  const context = JSON.parse(body);
  return JSON.stringify({ ...context, force: true });
}

/** Sends one request through `agent`; resolves with the status when the answer has been read. */
function send(agent, request, body) {
  const url = new URL(request.url);
  const headers = { ...request.headers, 'content-length': Buffer.byteLength(body) };
  delete headers.connection;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { agent, hostname: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: 'POST', headers },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Every recorded request over at most `connections` connections; the wall time (ms) to the last answer. */
async function replay(requests, connections, isCold) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const started = performance.now();
  const statuses = await Promise.all(requests.map((request) => send(agent, request, isCold ? forced(request.body) : request.body)));
  const elapsed = performance.now() - started;
  agent.destroy();
  const failed = statuses.filter((status) => status !== 200);
  if (failed.length > 0) throw new Error(`chart data answered ${failed.join(', ')}`);
  return elapsed;
}

async function main() {
  const browser = await launchChromium();
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 4000 } });
  const page = await logIn(context, password);
  const dashboardId = await ensureDashboard(page);
  // The first load fills the server's and the browser's caches.
  await timedLoad(page, dashboardId);
  const browserLoads = [];
  for (let index = 0; index < loads; index += 1) browserLoads.push(await timedLoad(page, dashboardId));
  const requests = await recordChartRequests(page, dashboardId);
  await browser.close();

  const arms = [
    ['six', 6, false],
    ['all', requests.length, false],
    ['six', 6, true],
    ['all', requests.length, true],
  ];
  const times = {};
  for (let round = 0; round < rounds; round += 1) {
    // Alternate the order of the arms from one round to the next.
    const order = round % 2 === 0 ? arms : [...arms].reverse();
    for (const [name, connections, isCold] of order) {
      const key = `${isCold ? 'cold' : 'warm'}-${name}`;
      (times[key] ??= []).push(await replay(requests, connections, isCold));
    }
  }
  const waits = browserLoads.flatMap((load) => load.chartRequestWaitMs);
  const report = {
    date: new Date().toISOString(),
    chartRequests: requests.length,
    browser: {
      loads,
      paintedMs: summary(browserLoads.map((load) => load.paintedMs)),
      firstToLastAnswerMs: summary(browserLoads.map((load) => load.lastChartResponseMs - load.firstChartRequestMs)),
      requestWaitMs: summary(waits),
      largestWaitPerLoadMs: summary(browserLoads.map((load) => Math.max(...load.chartRequestWaitMs))),
      serverTimeToFirstByteMs: summary(browserLoads.flatMap((load) => load.chartRequestServerMs)),
      protocols: [...new Set(browserLoads.flatMap((load) => load.chartRequestProtocols))],
    },
    replayMs: Object.fromEntries(Object.entries(times).map(([key, values]) => [key, summary(values)])),
    replaySamplesMs: times,
  };
  process.stderr.write(`${JSON.stringify({ browser: report.browser, replayMs: report.replayMs }, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await main();
