// What the browser benchmarks share: arguments, Debian Chromium, signing in, API calls with a
// CSRF token, and summaries of timings.
import { chromium } from 'playwright-core';

/** `--name value` pairs of the command line. */
export function commandLine() {
  const values = process.argv.slice(2);
  const pairs = {};
  for (let index = 0; index + 1 < values.length; index += 2) pairs[values[index].replace(/^--/, '')] = values[index + 1];
  return pairs;
}

/** Debian's Chromium, headless, with the flags of docs/BUILD-NOTES (never a downloaded browser). */
export function launchChromium() {
  return chromium.launch({
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
}

/** Signs in as the admin through the login page of a new page of the context; returns the page. */
export async function logIn(context, password) {
  const page = await context.newPage();
  await page.goto('/login/');
  await page.locator('[data-testid="login-username"]').fill('admin');
  await page.locator('[data-testid="login-password"]').fill(password);
  await page.locator('[data-testid="login-submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

export async function csrfToken(page) {
  const response = await page.request.get('/api/v1/security/csrf_token/');
  if (!response.ok()) throw new Error(`csrf token answered ${response.status()}`);
  return (await response.json()).result;
}

/** A JSON write with the page's session and a CSRF token; the JSON answer. */
export async function sendJson(page, method, path, body) {
  const response = await page.request.fetch(path, { method, data: body, headers: { 'X-CSRFToken': await csrfToken(page) } });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

export function percentile(values, fraction) {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

export function summary(values) {
  return { median: percentile(values, 0.5), p95: percentile(values, 0.95), min: Math.min(...values), max: Math.max(...values), n: values.length };
}

/**
 * Scrolls the scrolling box around the first `rowSelector` element for `seconds`, `step` pixels
 * per animation frame, from the top; the frame intervals and what was rendered. Runs in the page.
 */
export function scrollFrames(page, { rowSelector, seconds, step }) {
  return page.evaluate(
    ({ rows, duration, pixels }) =>
      new Promise((resolve, reject) => {
        let box = document.querySelector(rows);
        while (box !== null && !['auto', 'scroll'].includes(getComputedStyle(box).overflowY)) box = box.parentElement;
        if (box === null) {
          reject(new Error(`no scrolling box around ${rows}`));
          return;
        }
        box.scrollTop = 0;
        const intervals = [];
        const started = performance.now();
        let previous = started;
        const frame = (now) => {
          intervals.push(now - previous);
          previous = now;
          box.scrollTop += pixels;
          if (now - started < duration * 1000) {
            requestAnimationFrame(frame);
            return;
          }
          const rendered = [...box.querySelectorAll(rows)];
          resolve({
            seconds: (now - started) / 1000,
            frames: intervals.length,
            intervals,
            scrolledPx: box.scrollTop,
            scrollHeight: box.scrollHeight,
            domRows: rendered.length,
            lastRowIndex: Number(rendered.at(-1)?.getAttribute('aria-rowindex') ?? Number.NaN),
          });
        };
        requestAnimationFrame((now) => {
          previous = now;
          requestAnimationFrame(frame);
        });
      }),
    { rows: rowSelector, duration: seconds, pixels: step },
  );
}

/** Frames per second of each pass, and the frame times of all passes together. */
export function scrollSummary(scrolls) {
  const intervals = scrolls.flatMap((scroll) => scroll.intervals);
  return {
    fps: scrolls.map((scroll) => scroll.frames / scroll.seconds),
    frameMs: summary(intervals),
    framesOver50ms: intervals.filter((interval) => interval > 50).length,
    domRows: scrolls[0].domRows,
    scrolledPx: scrolls.map((scroll) => scroll.scrolledPx),
    scrollHeight: scrolls[0].scrollHeight,
    lastRowIndex: scrolls.map((scroll) => scroll.lastRowIndex),
  };
}
