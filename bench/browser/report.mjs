// Markdown summary of bench/browser.sh's JSON report (stdin), as docs/performance.md §3 shows it.
//
//   node bench/browser/report.mjs --commit abc1234 --rows 1000000 < bench/results/explore-DATE.json
import { readFileSync } from 'node:fs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, value, index, all) => (index % 2 === 0 ? [...pairs, [value.replace(/^--/, ''), all[index + 1]]] : pairs), []),
);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const report = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const ms = (value) => (value === null || value === undefined || Number.isNaN(value) ? 'n/a' : value.toFixed(1));
const engineTotal = (scenario) => (scenario.engineMs ?? []).reduce((total, engine) => total + engine.median, 0);

const lines = [
  `Browser benchmark, ${report.date}, commit ${args.commit ?? '?'}, birth_names at ${args.rows ?? '?'} rows, headless Debian Chromium,`,
  `release server with the chart-data cache off; medians (p95) of ${report.runs} Runs after ${report.warmups} warm-ups.`,
  '',
  '| scenario | result | Run to paint (ms) | chart-data request (ms) | browser: build, decode, draw (ms) | raw engine (ms) | Run to paint / engine |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
];
for (const scenario of report.scenarios) {
  const engine = engineTotal(scenario);
  lines.push(
    `| ${scenario.name} | ${scenario.rowCount} | ${ms(scenario.runToPaintMs.median)} (${ms(scenario.runToPaintMs.p95)}) | ${ms(scenario.requestMs.median)} | ${ms(scenario.browserMs.median)} | ${ms(engine)} | ${(scenario.runToPaintMs.median / engine).toFixed(2)}x |`,
  );
}
const scroll = report.scroll;
lines.push(
  '',
  `Scrolling: ${scroll.name}, ${scroll.rowCount}; first paint ${ms(scroll.runToPaintMs)} ms (request ${ms(scroll.requestMs)} ms, raw engine ${ms(engineTotal(scroll))} ms).`,
  '',
  '| scroll pass | frames per second |',
  '| ---: | ---: |',
  ...scroll.fps.map((fps, index) => `| ${index + 1} | ${fps.toFixed(1)} |`),
  '',
  `Frame time: median ${ms(scroll.frameMs.median)} ms, p95 ${ms(scroll.frameMs.p95)} ms, max ${ms(scroll.frameMs.max)} ms; ${scroll.framesOver50ms} frames over 50 ms. ` +
    `${scroll.domRows} rows in the DOM at a time (virtualized), ${scroll.scrolledPx.join(' / ')} px scrolled of ${scroll.scrollHeight}.`,
);

const dashboards = ['dashboard-cold', 'dashboard-warm']
  .filter((key) => args[key] !== undefined)
  .map((key) => JSON.parse(readFileSync(args[key], 'utf8')));
if (dashboards.length > 0) {
  lines.push(
    '',
    `Dashboard: ${dashboards[0].charts} charts (6 kinds x 5 filters), navigation to every chart painted, ${dashboards[0].runs} loads each.`,
    '',
    '| load | navigation to all charts painted, median (p95) ms | DOMContentLoaded (ms) | first chart request starts (ms) | last chart answer (ms) | chart-data requests |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const dashboard of dashboards) {
    const median = (key) => {
      const values = dashboard.samples.map((sample) => sample[key]).filter((value) => value !== null).sort((left, right) => left - right);
      return values.length === 0 ? null : values[Math.floor((values.length - 1) / 2)];
    };
    lines.push(
      `| ${dashboard.mode} | ${ms(dashboard.paintedMs.median)} (${ms(dashboard.paintedMs.p95)}) | ${ms(median('domContentLoadedMs'))} | ${ms(median('firstChartRequestMs'))} | ${ms(median('lastChartResponseMs'))} | ${median('chartRequests')} |`,
    );
  }
}
if (args.sqllab !== undefined) {
  const sqllab = JSON.parse(readFileSync(args.sqllab, 'utf8'));
  const engine = sqllab.engineMs?.median ?? null;
  lines.push(
    '',
    `SQL Lab: \`${sqllab.sql}\` with the limit at ${sqllab.limit.toLocaleString('en-US')}: ${sqllab.resultRows.toLocaleString('en-US')} rows, ` +
      `a ${(sqllab.answerBytes / 1e6).toFixed(1)} MB JSON answer or a ${(sqllab.arrowAnswerBytes / 1e6).toFixed(1)} MB Arrow answer (the page's); ` +
      `medians (p95) of ${sqllab.runs} runs after one warm-up.`,
    '',
    '| measure | value |',
    '| --- | ---: |',
    `| Run to first rows painted (ms) | ${ms(sqllab.firstRowsMs.median)} (${ms(sqllab.firstRowsMs.p95)}) |`,
    `| of which the execute request, in the page (ms) | ${ms(sqllab.requestMs.median)} |`,
    `| execute call from Node, JSON answer, to the last byte (ms) | ${ms(sqllab.executeApiMs.median)} (${ms(sqllab.executeApiMs.p95)}) |`,
    `| execute call from Node, Arrow answer, to the last byte (ms) | ${ms(sqllab.executeArrowApiMs.median)} (${ms(sqllab.executeArrowApiMs.p95)}) |`,
    `| raw engine, same SQL, Arrow result (ms) | ${ms(engine)} |`,
    `| server's added time over the raw engine, JSON / Arrow (ms) | ${engine === null ? 'n/a' : `${ms(sqllab.executeApiMs.median - engine)} / ${ms(sqllab.executeArrowApiMs.median - engine)}`} |`,
    `| scrolling (frames per second, 3 passes) | ${sqllab.scroll.fps.map((fps) => fps.toFixed(1)).join(' / ')} |`,
    `| frame time median / p95 / max (ms) | ${ms(sqllab.scroll.frameMs.median)} / ${ms(sqllab.scroll.frameMs.p95)} / ${ms(sqllab.scroll.frameMs.max)} |`,
    `| rows in the DOM while scrolling | ${sqllab.scroll.domRows} |`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
