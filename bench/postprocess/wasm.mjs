// Post-processing benchmark, Wasm side: quiver-core's release Wasm package (web/src/wasm/pkg)
// in headless Debian Chromium, called the way a Web Worker holding cached results calls it.
//
//   node bench/postprocess/wasm.mjs --data DIR --cases cases.json --runs 11 --out wasm.json
//
// A small HTTP server on a loopback port serves a blank page, the package and the inputs. The
// page fetches each input once and decodes it once into a `ResultFrame` (what a worker holding a
// cached result does; the decode time is reported apart). After four warm-up calls per case (V8
// optimizes a Wasm function only after its first calls), every timed run is one call of
// `frame.postProcess` (or `frame.reaggregateFrame`), whose result stays in Wasm memory as a new
// ResultFrame; encoding that result as Arrow IPC (`toIpc`, what handing it to the page costs) is
// timed apart. The first run's result is written to DIR/wasm-results/ for
// `quiver-bench-postprocess summarize`.

import { createServer } from 'node:http';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../browser/common.mjs';

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
const browser = await launchChromium();
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
        // The result stays in Wasm memory as a ResultFrame (what a worker holding results does);
        // encoding it as Arrow IPC, to hand it to the page, is timed apart.
        const once = () =>
          testCase.reaggregate ? frame.reaggregateFrame(testCase.reaggregate) : frame.postProcess(testCase.rules);
        let firstFrame;
        try {
          firstFrame = once();
        } catch (error) {
          return { error: `${error.name}: ${error.message}` };
        }
        // V8 runs a Wasm function in its baseline tier until it has been hot for a while, and
        // cannot switch a running call to the optimized code: a few more warm-up calls time the
        // module as a long-lived worker runs it, not its first calls.
        for (let warmUp = 0; warmUp < 3; warmUp += 1) once().free();
        const samples = [];
        const encodeSamples = [];
        // A case with `repeat` (one too quick for performance.now(), whose resolution in
        // Chromium is about 0.1 ms) is timed over that many calls in a row, divided by `repeat`.
        const repeat = Math.max(testCase.repeat ?? 1, 1);
        for (let run = 0; run < runs; run += 1) {
          const results = [];
          const started = performance.now();
          for (let call = 0; call < repeat; call += 1) results.push(once());
          samples.push((performance.now() - started) / repeat);
          const encodeStarted = performance.now();
          results[0].toIpc();
          encodeSamples.push(performance.now() - encodeStarted);
          for (const result of results) result.free();
        }
        const first = firstFrame.toIpc();
        firstFrame.free();
        // The first result, as base64 in chunks (a spread of 30 MB would overflow the stack).
        let binary = '';
        for (let offset = 0; offset < first.length; offset += 0x8000) {
          binary += String.fromCharCode(...first.subarray(offset, offset + 0x8000));
        }
        return { samples, encodeSamples, result: btoa(binary) };
      },
      { testCase, runs: options.runs },
    );
    if (outcome.error) {
      timings.push({ name: testCase.name, median_ms: null, min_ms: null, runs: 0, error: outcome.error });
      console.log(`wasm    ${testCase.name.padEnd(28)} error: ${outcome.error}`);
      continue;
    }
    const medianOf = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    };
    const samples = outcome.samples.sort((a, b) => a - b);
    const median = medianOf(samples);
    const encodeMedian = medianOf(outcome.encodeSamples);
    const resultFile = join(resultsDir, `case-${index}.arrow`);
    await writeFile(resultFile, Buffer.from(outcome.result, 'base64'));
    timings.push({
      name: testCase.name,
      median_ms: median,
      min_ms: samples[0],
      runs: samples.length,
      encode_ms: encodeMedian,
      result_file: resultFile,
    });
    console.log(
      `wasm    ${testCase.name.padEnd(28)} ${median.toFixed(2).padStart(9)} ms` +
        ` (+ ${encodeMedian.toFixed(2)} ms to encode as Arrow IPC)`,
    );
  }
  const decodeMs = await page.evaluate(() => window.decodeMs);
  const decoded = Object.entries(decodeMs)
    .map(([input, ms]) => `${input} ${ms.toFixed(1)} ms`)
    .join(', ');
  const environment =
    `release Wasm package in ${userAgent}; each input decoded once into a ResultFrame (${decoded}), ` +
    'each result kept in Wasm memory as a ResultFrame (its Arrow IPC encoding timed apart)';
  await writeFile(options.out, JSON.stringify({ side: 'wasm', environment, timings }, null, 2));
} finally {
  await browser.close();
  server.close();
}
