#!/usr/bin/env node
// The JavaScript budget of every page (the footprint and page-speed review): builds the SPA, then, for each page, sums the
// gzipped size of every JS chunk a first visit to it loads: the entry and its static imports,
// plus the split chunks of the route and of each layout above it, with their static imports, as
// the build's route table lists them (spa-routes.json, apps/web/build-plugins.ts, from Vite's
// manifest). Fails when a page is over.
//
// Until every page meets its target, the check that fails is a ratchet: each page may not grow
// past its ceiling in scripts/bundle-ceilings.json (its size when last recorded, plus 2 KB).
// A page that shrinks lowers its ceiling with --record; the targets are printed either way.
//
//   node scripts/bundle-budget.mjs            build, then check
//   node scripts/bundle-budget.mjs --no-build check the existing apps/web/dist
//   node scripts/bundle-budget.mjs --record   also write the ceilings (never raising one)
//   node scripts/bundle-budget.mjs --raise="why"
//                                             raise the ceilings of the pages that grew past them,
//                                             each keeping the reason beside its size
//   BUDGET_DIST=dist-before node scripts/bundle-budget.mjs --no-build
//                                             sizes another build kept under apps/web (to compare)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
/**
 * The sign-in page is the first thing a phone loads; every other page gets the larger budget.
 * (The first paint waits for none of it: the pages are prerendered, apps/web/prerender.mjs; this
 * is what hydration and the first interaction wait for.)
 */
const budgets = [
  { test: (path) => path === '/login', limit: 200 * KB, label: 'sign-in page' },
  { test: () => true, limit: 300 * KB, label: 'page' },
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const dist = join(web, process.env.BUDGET_DIST ?? 'dist');

if (!process.argv.includes('--no-build')) {
  execFileSync('pnpm', ['--filter', '@bank/web', 'build'], { cwd: root, stdio: 'inherit' });
}
const tablePath = join(dist, 'spa-routes.json');
if (!existsSync(tablePath)) {
  console.error(`No ${relative(root, tablePath)}: build the SPA first.`);
  process.exit(1);
}
/** @type {{entry: string[], routes: {path: string, chunks: string[]}[]}} */
const table = JSON.parse(readFileSync(tablePath, 'utf8'));

const gzipCache = new Map();
function gzippedSize(file) {
  if (!gzipCache.has(file)) {
    const content = readFileSync(join(dist, file));
    gzipCache.set(file, gzipSync(content, { level: 9 }).length);
  }
  return gzipCache.get(file);
}
const sum = (files) => files.reduce((total, file) => total + gzippedSize(file), 0);

const rows = table.routes.map(({ path, chunks }) => {
  const files = [...table.entry, ...chunks];
  return {
    path,
    chunks: files.length,
    bytes: sum(files),
    budget: budgets.find((candidate) => candidate.test(path)),
  };
});

console.log(
  `\nJavaScript per page, gzipped (entry and its imports: ${(sum(table.entry) / KB).toFixed(1)} KB)\n`,
);
const ceilingsPath = join(root, 'scripts/bundle-ceilings.json');
/**
 * Bytes per page; a page whose ceiling was raised says why beside it.
 * @type {Record<string, number | {bytes: number, why: string}>}
 */
const recorded = existsSync(ceilingsPath) ? JSON.parse(readFileSync(ceilingsPath, 'utf8')) : {};
/** @type {Record<string, number>} */
const ceilings = Object.fromEntries(
  Object.entries(recorded).map(([path, value]) => [
    path,
    typeof value === 'number' ? value : value.bytes,
  ]),
);
const raiseWhy = process.argv.find((arg) => arg.startsWith('--raise='))?.slice('--raise='.length);
const SLACK = 2 * KB;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

let overTarget = 0;
const overCeiling = [];
for (const row of rows.sort((a, b) => b.bytes - a.bytes)) {
  const over = row.bytes > row.budget.limit;
  if (over) overTarget++;
  const ceiling = ceilings[row.path];
  // A page without a ceiling (a new one) must meet its target.
  if (row.bytes > (ceiling === undefined ? row.budget.limit : ceiling + SLACK))
    overCeiling.push(row);
  console.log(
    `${over ? 'OVER' : 'ok  '}  ${kb(row.bytes).padStart(9)} / ${row.budget.limit / KB} KB  ${String(row.chunks).padStart(2)} files  ${row.path}${ceiling === undefined ? '' : `  (ceiling ${kb(ceiling)})`}`,
  );
}
if (rows.length === 0) {
  console.error('The route table lists no pages');
  process.exit(1);
}
if (process.argv.includes('--record') || raiseWhy) {
  const grown = new Set(overCeiling.map((row) => row.path));
  const next = Object.fromEntries(
    rows
      .map((row) => {
        const before = recorded[row.path];
        if (raiseWhy && grown.has(row.path)) return [row.path, { bytes: row.bytes, why: raiseWhy }];
        const bytes = Math.min(row.bytes, ceilings[row.path] ?? row.bytes);
        // A reason stays with its page until the page is back under the size it explained.
        return [row.path, typeof before === 'object' && bytes >= before.bytes ? before : bytes];
      })
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(ceilingsPath, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`\nCeilings written to ${relative(root, ceilingsPath)}.`);
  if (raiseWhy) overCeiling.length = 0;
}
console.log(
  overTarget > 0
    ? `\nTargets (200 KB sign-in, 300 KB other pages): ${overTarget} of ${rows.length} pages over.`
    : `\nAll ${rows.length} pages within their targets.`,
);
if (overCeiling.length > 0) {
  for (const row of overCeiling) {
    const ceiling = ceilings[row.path];
    console.error(
      `GREW  ${row.path}: ${kb(row.bytes)}, ${ceiling === undefined ? `target ${kb(row.budget.limit)}` : `ceiling ${kb(ceiling)} (+2 KB)`}`,
    );
  }
  console.error(`\n${overCeiling.length} page(s) over their ceiling or, new, over their target.`);
  process.exit(1);
}
