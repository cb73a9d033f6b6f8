// Post-processing benchmark, Wasm side: quiver-core's release Wasm package (web/src/wasm/pkg)
// in headless Debian Chromium, called the way the web app calls it (Arrow IPC bytes in, Arrow
// IPC bytes out).
//
//   node bench/postprocess/wasm.mjs --data DIR --cases cases.json --runs 11 --out wasm.json
//
// A small HTTP server on a loopback port serves a blank page, the package and the inputs. The
// page fetches each input once and decodes it once into a `ResultFrame` (what a worker holding a
// cached result does; the decode time is reported apart). Every timed run is one call of
// `frame.applyPostProcessing` (or `frame.reaggregate`), encoding its result as Arrow IPC inside
// the time. The first run's result is written to DIR/wasm-results/ for
// `quiver-bench-postprocess summarize`.

import { createServer } from 'node:http';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const packageDir = join(repoRoot, 'web/src/wasm/pkg');

function flags() {
  const values = { '--runs': '11' };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) values[argv[i]] = argv[i + 1];
  for (const required of ['--data', '--cases', '--out']) {
    if (!values[required]) throw new Error(`${required} is required`);
  }
  return { data: values['--data'], cases: values['--cases'], out: values['--out'], runs: Number(values['--runs']) };
}

const contentTypes = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.arrow': 'application/octet-stream' };

function serve(data) {
  const server = createServer(async (request, response) => {
    try {
      const path = new URL(request.url, 'http://localhost').pathname;
      let file;
      if (path === '/') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<!doctype html><title>quiver-core benchmark</title>');
        return;
      } else if (path.startsWith('/pkg/')) {
        file = join(packageDir, path.slice('/pkg/'.length));
      } else if (path.startsWith('/data/')) {
        file = join(data, path.slice('/data/'.length));
      } else {
        response.writeHead(404).end();
        return;
      }
      const body = await readFile(file);
      const extension = file.slice(file.lastIndexOf('.'));
      response.writeHead(200, { 'content-type': contentTypes[extension] ?? 'application/octet-stream' });
      response.end(body);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  return new Promise((resolveServer) => server.listen(0, '127.0.0.1', () => resolveServer(server)));
}

const options = flags();
const { cases } = JSON.parse(await readFile(options.cases, 'utf8'));
const server = await serve(options.data);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const resultsDir = join(options.data, 'wasm-results');
await mkdir(resultsDir, { recursive: true });
const timings = [];
try {
  const page = await browser.newPage();
  await page.goto(base);
  const userAgent = await page.evaluate(async () => {
    const core = await import('/pkg/quiver_core.js');
    await core.default({ module_or_path: '/pkg/quiver_core_bg.wasm' });
    window.quiverCore = core;
    window.resultFrames = {};
    window.decodeMs = {};
    return navigator.userAgent;
  });
  for (const [index, testCase] of cases.entries()) {
    const outcome = await page.evaluate(
      async ({ testCase, runs }) => {
        const core = window.quiverCore;
        if (!window.resultFrames[testCase.input]) {
          const response = await fetch(`/data/${testCase.input}.arrow`);
          const bytes = new Uint8Array(await response.arrayBuffer());
          const started = performance.now();
          window.resultFrames[testCase.input] = new core.ResultFrame(bytes);
          window.decodeMs[testCase.input] = performance.now() - started;
        }
        const frame = window.resultFrames[testCase.input];
        const once = () =>
          testCase.reaggregate ? frame.reaggregate(testCase.reaggregate) : frame.applyPostProcessing(testCase.rules);
        let first;
        try {
          first = once();
        } catch (error) {
          return { error: `${error.name}: ${error.message}` };
        }
        const samples = [];
        for (let run = 0; run < runs; run += 1) {
          const started = performance.now();
          once();
          samples.push(performance.now() - started);
        }
        // The first result, as base64 in chunks (a spread of 30 MB would overflow the stack).
        let binary = '';
        for (let offset = 0; offset < first.length; offset += 0x8000) {
          binary += String.fromCharCode(...first.subarray(offset, offset + 0x8000));
        }
        return { samples, result: btoa(binary) };
      },
      { testCase, runs: options.runs },
    );
    if (outcome.error) {
      timings.push({ name: testCase.name, median_ms: null, min_ms: null, runs: 0, error: outcome.error });
      console.log(`wasm    ${testCase.name.padEnd(28)} error: ${outcome.error}`);
      continue;
    }
    const samples = outcome.samples.sort((a, b) => a - b);
    const middle = Math.floor(samples.length / 2);
    const median = samples.length % 2 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2;
    const resultFile = join(resultsDir, `case-${index}.arrow`);
    await writeFile(resultFile, Buffer.from(outcome.result, 'base64'));
    timings.push({ name: testCase.name, median_ms: median, min_ms: samples[0], runs: samples.length, result_file: resultFile });
    console.log(`wasm    ${testCase.name.padEnd(28)} ${median.toFixed(2).padStart(9)} ms`);
  }
  const decodeMs = await page.evaluate(() => window.decodeMs);
  const decoded = Object.entries(decodeMs)
    .map(([input, ms]) => `${input} ${ms.toFixed(1)} ms`)
    .join(', ');
  const environment =
    `release Wasm package in ${userAgent}; each input decoded once into a ResultFrame (${decoded}), ` +
    'each result encoded as Arrow IPC inside the time';
  await writeFile(options.out, JSON.stringify({ side: 'wasm', environment, timings }, null, 2));
} finally {
  await browser.close();
  server.close();
}
