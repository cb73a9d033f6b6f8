// SQL Lab with a 1M-row result (docs/performance.md §5): time from Run to the first rows shown,
// the frame rate while scrolling the result, and the execute call's time against the raw engine.
// Run by bench/browser.sh against a release server; prints a JSON report on stdout.
//
//   node bench/browser/sqllab.mjs --url http://127.0.0.1:PORT --password P --runs 5
//
// The page's runs: `SELECT * FROM birth_names` with the limit menu at 1,000,000, timed inside
// the page from the Run button's click to the first result rows painted (two animation frames
// after they are in the DOM); the page asks for the Arrow answer (decision 0031). The API runs:
// the same execute call from Node, answered as JSON (Superset's shape) and as Arrow, each timed
// to the last byte of the answer; the JSON answer's `executedSql` is what engine.py then runs on
// the raw engine.
import { commandLine, csrfToken, launchChromium, logIn, scrollFrames, scrollSummary, summary } from './common.mjs';

const args = commandLine();
const baseURL = args.url ?? 'http://127.0.0.1:8088';
const runs = Number(args.runs ?? 5);
const password = args.password ?? process.env.QUIVER_ADMIN_PASSWORD ?? 'admin';
const scrollSeconds = Number(args['scroll-seconds'] ?? 5);
const sql = args.sql ?? 'SELECT * FROM birth_names';
const limit = 1_000_000;

/** Clicks Run and times it, in the page, to the first result rows painted. */
async function timedRun(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const running = '[data-testid="sqllab-results-running"]';
        const failed = '[data-testid="sqllab-results-error"]';
        const rows = '[data-testid="sqllab-row"]';
        performance.clearResourceTimings();
        let sawRunning = false;
        const started = performance.now();
        const check = () => {
          if (document.querySelector(failed) !== null) {
            observer.disconnect();
            reject(new Error(document.querySelector(failed).textContent));
            return;
          }
          if (document.querySelector(running) !== null) {
            sawRunning = true;
            return;
          }
          if (!sawRunning || document.querySelector(rows) === null) return;
          observer.disconnect();
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const painted = performance.now();
              const request = performance
                .getEntriesByType('resource')
                .filter((entry) => entry.name.includes('/api/v1/sqllab/execute/'))
                .pop();
              resolve({
                firstRows: painted - started,
                request: request === undefined ? null : request.responseEnd - request.startTime,
                rowCountText: document.querySelector('[data-testid="sqllab-row-count"]')?.textContent ?? null,
              });
            }),
          );
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true });
        document.querySelector('[data-testid="sqllab-run"]').click();
        check();
        setTimeout(() => {
          observer.disconnect();
          reject(new Error('no rows within 300 s'));
        }, 300_000);
      }),
  );
}

async function main() {
  const browser = await launchChromium();
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await logIn(context, password);

  await page.goto('/sqllab/');
  await page.locator('[data-testid="sqllab-editor"] .cm-content').waitFor();
  await page.getByTestId('sqllab-database-select').selectOption({ label: 'examples' });
  await page.locator('[data-testid="sqllab-editor"] .cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
  await page.getByTestId('sqllab-limit-select').selectOption(String(limit));

  const samples = [];
  await timedRun(page);
  for (let index = 0; index < runs; index += 1) samples.push(await timedRun(page));
  const scrolls = [];
  // A million rows: large steps, so that a pass crosses many pages of rows.
  for (let index = 0; index < 3; index += 1) {
    scrolls.push(await scrollFrames(page, { rowSelector: '[data-testid="sqllab-row"]', seconds: scrollSeconds, step: 400 }));
  }

  // The execute call alone, from Node, to the answer's last byte: JSON, then Arrow.
  const databases = await (await page.request.get('/api/v1/database/?q=(page_size:100)')).json();
  const examples = databases.result.find((database) => database.database_name === 'examples');
  const execute = async (accept) => {
    const started = performance.now();
    const response = await page.request.post('/api/v1/sqllab/execute/', {
      data: { database_id: examples.id, sql, queryLimit: limit, runAsync: false, json: true },
      headers: { 'X-CSRFToken': await csrfToken(page), Accept: accept },
    });
    const body = await response.body();
    const elapsed = performance.now() - started;
    if (!response.ok()) throw new Error(`execute answered ${response.status()}: ${body.toString('utf8').slice(0, 500)}`);
    return { elapsed, bytes: body.length, body };
  };
  const json = 'application/json';
  const arrow = 'application/vnd.apache.arrow.stream';
  const first = await execute(json);
  const answer = JSON.parse(first.body.toString('utf8'));
  const apiTimes = [];
  for (let index = 0; index < runs; index += 1) apiTimes.push((await execute(json)).elapsed);
  const firstArrow = await execute(arrow);
  const arrowApiTimes = [];
  for (let index = 0; index < runs; index += 1) arrowApiTimes.push((await execute(arrow)).elapsed);
  await browser.close();

  const report = {
    date: new Date().toISOString(),
    runs,
    sql,
    limit,
    executedSql: answer.query.executedSql,
    resultRows: answer.data.length,
    answerBytes: first.bytes,
    arrowAnswerBytes: firstArrow.bytes,
    rowCountText: samples.at(-1).rowCountText,
    firstRowsMs: summary(samples.map((sample) => sample.firstRows)),
    requestMs: summary(samples.map((sample) => sample.request ?? Number.NaN)),
    executeApiMs: summary(apiTimes),
    executeArrowApiMs: summary(arrowApiTimes),
    scroll: scrollSummary(scrolls),
  };
  process.stderr.write(`sqllab: first rows median ${report.firstRowsMs.median.toFixed(0)} ms, scroll ${report.scroll.fps.map((fps) => fps.toFixed(1)).join(', ')} fps\n`);
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await main();
