#!/usr/bin/env node
// pnpm blocking-time: the main thread's long tasks as a phone would have them, measured rather
// than simulated. Loads a page of the production build (the server's bundle on a fresh embedded
// database) in Debian's Chromium with its CPU slowed 4x (Lighthouse's mobile factor), records a
// trace, and sums what each task after the first contentful paint took beyond 50 ms (the total
// blocking time), for each of LOADS loads; prints each load's long tasks and the median.
//
// Lighthouse (`pnpm lighthouse`) simulates the same figure from an unthrottled load while its own
// trace and profiler run beside it; on two shared cores that inflates and scatters the long tasks
// (one build: 217-563 ms over three runs). This figure moves with the work the page does, which is
// what a change to the start wants to see; Lighthouse's stays the target's measure.
//
//   BLOCKING_PORT=4180 LOADS=7 pnpm blocking-time [--no-build] [path, default /login]
//   WEB_DIST_DIR=dir measures another build of the SPA
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startBuiltServer, waitFor } from './built-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BLOCKING_PORT ?? 4180);
const loads = Number(process.env.LOADS ?? 7);
const path = process.argv.slice(2).find((arg) => arg.startsWith('/')) ?? '/login';
const base = `http://127.0.0.1:${port}`;
const LONG_TASK_US = 50_000;

if (!process.argv.includes('--no-build')) {
  execFileSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
}

const server = startBuiltServer({ port, name: 'blocking-time' });

/** One cold load: the long tasks (ms) on the page's main thread after its first paint. */
async function measure(browser) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events = [];
  cdp.on('Tracing.dataCollected', (batch) => events.push(...batch.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories:
      '__metadata,toplevel,disabled-by-default-devtools.timeline,devtools.timeline,loading',
    transferMode: 'ReportEvents',
  });
  await page.goto(base + path, { waitUntil: 'load' });
  // Hydrated, then quiet for a while: what the start does has been done.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await cdp.send('Tracing.end');
  await complete;
  await context.close();

  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) throw new Error('no first contentful paint in the trace');
  // The renderer's main thread: the one of the painting process that ran the most tasks.
  const threads = events.filter(
    (event) =>
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain' &&
      event.pid === paint.pid,
  );
  const tasksOf = (tid) =>
    events.filter(
      (event) =>
        event.pid === paint.pid &&
        event.tid === tid &&
        event.name === 'RunTask' &&
        event.ph === 'X',
    );
  const main = threads
    .map((thread) => ({ tid: thread.tid, tasks: tasksOf(thread.tid) }))
    .sort((a, b) => b.tasks.length - a.tasks.length)[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const long = main.tasks
    .filter((task) => task.ts >= paint.ts && task.dur > LONG_TASK_US)
    .map((task) => task.dur / 1000);
  return { long, blocking: long.reduce((total, ms) => total + ms - 50, 0) };
}

try {
  await waitFor(`${base}/readyz`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  const results = [];
  for (let load = 1; load <= loads; load++) {
    const result = await measure(browser);
    results.push(result);
    console.log(
      `${path} load ${load}: blocking ${Math.round(result.blocking)} ms; long tasks ${result.long.map((ms) => Math.round(ms)).join(', ') || 'none'} ms`,
    );
  }
  await browser.close();
  const sorted = results.map((result) => result.blocking).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  console.log(
    `\n${path}: total blocking time after the first paint at 4x CPU, median of ${loads} loads: ${Math.round(median)} ms [${Math.round(sorted[0] ?? 0)}-${Math.round(sorted.at(-1) ?? 0)}]`,
  );
} finally {
  server.kill();
}
