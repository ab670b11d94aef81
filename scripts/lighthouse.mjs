#!/usr/bin/env node
// pnpm lighthouse: Lighthouse 12 (mobile: its default emulation and simulated throttling) in
// Debian's Chromium against the production build served by the server's bundle on a fresh
// embedded database, on /login and on the dashboard of a signed-in customer (registered,
// verified through the development mailbox and signed in over REST; the session cookie goes
// with every request). Prints performance, LCP, TBT, CLS, accessibility and best practices for
// each run, then the median and the spread of each against its target, with the machine's load
// (the cores are shared). Exits 1 when a median misses its target.
//
//   LIGHTHOUSE_RUNS=3 LIGHTHOUSE_PORT=4173 pnpm lighthouse [--no-build]
//   WEB_DIST_DIR=dir measures another build of the SPA; LIGHTHOUSE_REPORTS=dir also writes each run's whole JSON report there
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { startBuiltServer, waitFor } from './built-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4173);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const base = `http://127.0.0.1:${port}`;
const debugPort = port + 1000;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!process.argv.includes('--no-build')) {
  execFileSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const server = startBuiltServer({ port, name: 'lighthouse' });
const browser = spawn(
  chromium,
  [
    '--headless=new',
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-gpu',
    '--no-first-run',
    `--remote-debugging-port=${debugPort}`,
    `--user-data-dir=${mkdtempSync(join(tmpdir(), 'bank-lighthouse-chromium-'))}`,
    'about:blank',
  ],
  { stdio: 'ignore' },
);

async function signedInCookie() {
  const email = `lighthouse-${Date.now()}@example.com`;
  const password = 'Lighthouse#2026';
  const json = { 'content-type': 'application/json' };
  const registered = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      firstName: 'Lena',
      lastName: 'Lighthouse',
      email,
      phoneNumber: '+15551234567',
      dateOfBirth: '1990-01-01',
      password,
      confirmPassword: password,
      acceptTerms: true,
    }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  // The outbox sends in the background: wait for the message.
  let link;
  for (let i = 0; i < 100 && !link; i++) {
    const mailbox = await (
      await fetch(`${base}/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)
    ).json();
    link = mailbox.messages?.[0]?.links.find((l) => l.includes('/verify-email'));
    if (!link) await sleep(100);
  }
  if (!link) throw new Error('no verification e-mail');
  const token = new URL(link).searchParams.get('token');
  const verified = await fetch(`${base}/api/v1/auth/verify-email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token }),
  });
  if (!verified.ok) throw new Error(`verify: ${verified.status}`);
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const figures = (lhr) => ({
  performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
  lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
  tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
  // A run whose trace failed (NO_NAVSTART on a busy machine) has no figures: NaN, not a crash.
  cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
  accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
  bestPractices: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
});
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The targets (the page-speed review): the sign-in page's and the dashboard's. */
const targets = {
  '/login': { performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05 },
  dashboard: { performance: 85 },
};
const spread = (values) =>
  Math.min(...values) === Math.max(...values)
    ? String(values[0])
    : `${Math.min(...values)}–${Math.max(...values)}`;

try {
  await waitFor(`${base}/healthz`);
  await waitFor(`http://127.0.0.1:${debugPort}/json/version`);
  const cookie = await signedInCookie();
  const pages = [
    { name: '/login', url: `${base}/login`, headers: {} },
    { name: 'dashboard', url: `${base}/`, headers: { Cookie: cookie } },
  ];
  const results = {};
  for (const page of pages) {
    results[page.name] = [];
    for (let run = 1; run <= runs; run++) {
      const load = loadavg()[0].toFixed(2);
      const answer = await lighthouse(page.url, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        extraHeaders: page.headers,
      });
      if (!answer) throw new Error('lighthouse gave no result');
      if (answer.lhr.runtimeError)
        console.log(`  runtime error: ${answer.lhr.runtimeError.message}`);
      const failing = answer.lhr.categories['best-practices'].auditRefs
        .filter((ref) => ref.weight > 0 && (answer.lhr.audits[ref.id].score ?? 1) < 1)
        .map((ref) => ref.id);
      if (failing.length > 0) console.log(`  best practices not met: ${failing.join(', ')}`);
      if (process.env.LIGHTHOUSE_REPORTS) {
        // The whole report, to read which tasks and requests cost the time.
        mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        const name = `${page.name.replace(/\W+/g, '') || 'page'}-${run}.json`;
        writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, name), answer.report.toString());
      }
      const row = { ...figures(answer.lhr), load: Number(load) };
      results[page.name].push(row);
      console.log(
        `${page.name} run ${run}: performance ${row.performance}, LCP ${(row.lcpMs / 1000).toFixed(1)} s, TBT ${row.tbtMs} ms, CLS ${row.cls}, accessibility ${row.accessibility}, best practices ${row.bestPractices} (load ${load})`,
      );
    }
  }
  console.log(
    `\nMedian of ${runs} runs each (spread in brackets; the machine's load at each run):`,
  );
  const misses = [];
  for (const [name, rows] of Object.entries(results)) {
    const goal = { accessibility: 100, bestPractices: 100, ...targets[name] };
    const parts = [
      ['performance', 'performance', (v) => String(v), (v, t) => v >= t],
      ['LCP', 'lcpMs', (v) => `${(v / 1000).toFixed(1)} s`, (v, t) => v <= t],
      ['TBT', 'tbtMs', (v) => `${v} ms`, (v, t) => v <= t],
      ['CLS', 'cls', (v) => String(v), (v, t) => v <= t],
      ['accessibility', 'accessibility', (v) => String(v), (v, t) => v >= t],
      ['best practices', 'bestPractices', (v) => String(v), (v, t) => v >= t],
    ].map(([label, key, show, meets]) => {
      const values = rows.map((row) => row[key]);
      const value = median(values);
      const target = goal[key];
      const ok = target === undefined || meets(value, target);
      if (!ok) misses.push(`${name} ${label}`);
      const [low, high] = [Math.min(...values), Math.max(...values)];
      const range = `[${low === high ? show(low) : `${show(low)}–${show(high)}`}]`;
      return `${label} ${show(value)} ${range}${target === undefined ? '' : ok ? ' ok' : ` MISSES ${show(target)}`}`;
    });
    console.log(`${name}: ${parts.join(', ')}; load ${spread(rows.map((row) => row.load))}`);
  }
  if (misses.length > 0) {
    console.log(`\nMedians off target: ${misses.join(', ')}.`);
    process.exitCode = 1;
  }
  mkdirSync(join(root, 'bench-results'), { recursive: true });
  writeFileSync(
    join(root, 'bench-results/lighthouse.json'),
    `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`,
  );
} finally {
  browser.kill('SIGTERM');
  server.kill('SIGTERM');
}
