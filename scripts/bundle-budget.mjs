#!/usr/bin/env node
// The JavaScript budget of every page (issue 13): builds the SPA, then, for each file route, sums
// the gzipped size of every JS chunk a first visit to it loads: the entry and its static
// imports, plus the code-split component and loader chunks of the route and of each layout
// above it, with their static imports (all from Vite's manifest). Fails when a page is over.
//
//   node scripts/bundle-budget.mjs            build, then check
//   node scripts/bundle-budget.mjs --no-build check the existing apps/web/dist
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
/** The sign-in page is the first thing a phone loads; every other page gets the larger budget. */
const budgets = [
  { test: (path) => path === '/login', limit: 150 * KB, label: 'sign-in page' },
  { test: () => true, limit: 250 * KB, label: 'page' },
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const dist = join(web, 'dist');

if (!process.argv.includes('--no-build')) {
  execFileSync('pnpm', ['--filter', '@bank/web', 'build'], { cwd: root, stdio: 'inherit' });
}
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${relative(root, manifestPath)}: build the SPA first.`);
  process.exit(1);
}
/** @type {Record<string, {file: string, imports?: string[], isEntry?: boolean, src?: string}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
function gzippedSize(file) {
  if (!gzipCache.has(file)) {
    const content = readFileSync(join(dist, file));
    gzipCache.set(file, gzipSync(content, { level: 9 }).length);
  }
  return gzipCache.get(file);
}

/** A chunk and everything it imports statically (the browser fetches these before running it). */
function withStaticImports(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  if (chunk.file.endsWith('.js')) into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');

/** Manifest keys of a route file's split chunks that a visit runs (component and loader). */
function routeChunkKeys(routeFile) {
  return Object.keys(manifest).filter((key) => {
    const [file, query = ''] = key.split('?');
    if (file !== routeFile) return false;
    const split = new URLSearchParams(query).get('tsr-split');
    return split === null || /(^|-)(component|loader)(-|$)/.test(split);
  });
}

/** The route files in the manifest: src/routes/**, without the root route. */
const routeFiles = [
  ...new Set(
    Object.keys(manifest)
      .map((key) => key.split('?')[0])
      .filter((file) => file.startsWith('src/routes/') && !file.endsWith('__root.tsx')),
  ),
].sort();

/** Layout files above a route: `_auth/admin/users.tsx` has `_auth.tsx`, `_auth/admin.tsx`... */
function layoutFiles(routeFile) {
  const parts = routeFile
    .replace(/^src\/routes\//, '')
    .split('/')
    .slice(0, -1);
  const layouts = [];
  for (let i = 1; i <= parts.length; i++) {
    const dir = `src/routes/${parts.slice(0, i).join('/')}`;
    for (const candidate of [`${dir}.tsx`, `${dir}/route.tsx`]) {
      if (routeChunkKeys(candidate).length > 0) layouts.push(candidate);
    }
  }
  return layouts;
}

/** The URL path a route file serves (pathless `_x` segments and `index` dropped). */
function urlPath(routeFile) {
  const segments = routeFile
    .replace(/^src\/routes\//, '')
    .replace(/\.tsx?$/, '')
    .split('/')
    .filter((segment) => !segment.startsWith('_') && segment !== 'index' && segment !== 'route');
  return `/${segments.join('/')}`;
}

const rows = [];
for (const routeFile of routeFiles) {
  // A pathless layout is not a page of its own.
  if (/\/_[^/]+\.tsx$/.test(routeFile) || routeFile.endsWith('/route.tsx')) continue;
  const files = withStaticImports(entryKey);
  for (const file of [...layoutFiles(routeFile), routeFile]) {
    for (const key of routeChunkKeys(file)) withStaticImports(key, files);
  }
  const bytes = [...files].reduce((sum, file) => sum + gzippedSize(file), 0);
  const path = urlPath(routeFile);
  const budget = budgets.find((candidate) => candidate.test(path));
  rows.push({ path, routeFile, chunks: files.size, bytes, budget });
}

const entryBytes = [...withStaticImports(entryKey)].reduce((s, f) => s + gzippedSize(f), 0);
console.log(
  `\nJavaScript per page, gzipped (entry and its imports: ${(entryBytes / KB).toFixed(1)} KB)\n`,
);
let failures = 0;
for (const row of rows.sort((a, b) => b.bytes - a.bytes)) {
  const over = row.bytes > row.budget.limit;
  if (over) failures++;
  console.log(
    `${over ? 'OVER' : 'ok  '}  ${(row.bytes / KB).toFixed(1).padStart(6)} KB / ${row.budget.limit / KB} KB  ${String(row.chunks).padStart(2)} files  ${row.path}`,
  );
}
if (rows.length === 0) {
  console.error('No route chunks found in the manifest');
  process.exit(1);
}
if (failures > 0) {
  console.error(`\n${failures} page(s) over their JavaScript budget.`);
  process.exit(1);
}
console.log(`\nAll ${rows.length} pages within their JavaScript budget.`);
