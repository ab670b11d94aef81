#!/usr/bin/env node
// The build's last step (after `vite build` and `vite build --ssr`): draws the public pages and
// the signed-in shell once, with the render src/prerender/render.tsx, into dist/prerendered/, each
// a copy of dist/index.html with the page's markup in #root and its styles in <head>. The route
// table (spa-routes.json) then names each page's file, which the server sends for that path
// instead of index.html (apps/server/src/plugins/static-spa.ts): the first paint is the page, or
// the frame and a spinner, before any script runs, and main.tsx hydrates it. Nothing is drawn
// per request: the files are static, the server stays stateless. package.json runs it with
// NODE_ENV=production: React's production server build, as the browser runs React's production build.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = dirname(fileURLToPath(import.meta.url));
const dist = join(web, 'dist');
const renderDir = join(web, 'node_modules/.prerender');

/**
 * Public pages drawn as a visitor sees them with no search parameters. The others (a reset or
 * verification link's page, the second factor's) depend on what the link or the session carries,
 * so they start from the plain spinner as before.
 */
const PUBLIC_PAGES = ['/login', '/register', '/forgot-password', '/help', '/privacy', '/terms'];

const render = await import(pathToFileURL(join(renderDir, 'render.js')).href);
const template = await readFile(join(dist, 'index.html'), 'utf8');
const tablePath = join(dist, 'spa-routes.json');
const table = JSON.parse(await readFile(tablePath, 'utf8'));

const ROOT = /<div id="root">[\s\S]*?<!--\/boot-->\s*<\/div>/;
if (!ROOT.test(template)) throw new Error('dist/index.html has no #root with its boot markup');

/**
 * A drawn public page is whole without its scripts, so they wait for its first paint: the entry
 * and its preloads become an inert JSON list that public/theme-init.js fetches once the page is
 * on screen (the server adds the page's own chunks to it). On a slow link the page's HTML and
 * images then have the bandwidth to themselves instead of sharing it with ~250 KB of JavaScript.
 * The signed-in shell is a frame and a spinner until the scripts and the API answer: its scripts
 * start at once (waiting for its paint made the dashboard's content later, `pnpm lighthouse`).
 */
function scriptsAfterPaint(html) {
  const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
  const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  const modules = [...html.matchAll(ENTRY)].map((match) => match[1]);
  const preload = [...html.matchAll(PRELOAD)].map((match) => match[1]);
  if (modules.length !== 1) throw new Error('dist/index.html has no single module entry script');
  const list = JSON.stringify({ modules, preload });
  return html
    .replace(ENTRY, () => `<script type="application/json" data-after-paint>${list}</script>\n    `)
    .replace(PRELOAD, '');
}
const pageTemplate = scriptsAfterPaint(template);

/** index.html with a page's title, styles and markup; `kind` tells main.tsx what to hydrate. */
function pageHtml(page, kind, path) {
  const attributes = `data-prerendered="${kind}"${path ? ` data-path="${path}"` : ''}`;
  return (kind === 'page' ? pageTemplate : template)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => `${page.head}</head>`)
    .replace(ROOT, () => `<div id="root" ${attributes}>${page.html}</div>`);
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const publicPaths = new Set(render.publicPaths());
const signedInPaths = new Set(render.signedInPaths());
const files = new Map();
await mkdir(join(dist, 'prerendered'), { recursive: true });
for (const path of PUBLIC_PAGES) {
  if (!publicPaths.has(path)) throw new Error(`${path} is no public page of the route tree`);
  const page = await render.renderPublicPage(path);
  if (!page) throw new Error(`${path} did not render for a visitor (redirected or failed)`);
  const file = `prerendered${path}.html`;
  await writeFile(join(dist, file), pageHtml(page, 'page', path));
  files.set(path, file);
}
const shellFile = 'prerendered/shell.html';
await writeFile(join(dist, shellFile), pageHtml(render.renderSignedInShell(), 'shell'));
for (const path of signedInPaths) files.set(path, shellFile);

table.routes = table.routes.map((route) =>
  files.has(route.path) ? { ...route, html: files.get(route.path) } : route,
);
await writeFile(tablePath, `${JSON.stringify(table)}\n`);
await rm(renderDir, { recursive: true, force: true });
console.log(
  `prerendered ${PUBLIC_PAGES.length} public pages and the signed-in shell (${signedInPaths.size} pages)`,
);
