import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA. Assets go out as the build's precompressed `.br`/`.gz` copies when
 * the browser accepts them (compressed once at build time at the strongest level).
 */
export async function registerStaticSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    // Looked up per request, so a rebuilt SPA is served without a restart.
    wildcard: true,
    preCompressed: true,
    // Our own Cache-Control below, not the plugin's max-age=0.
    cacheControl: false,
    // `/` too reaches the SPA shell through the fallback, which names the page's chunks.
    index: false,
    setHeaders(res, path) {
      // The answer depends on Accept-Encoding (a `.br`, `.gz` or plain copy): caches must know.
      res.setHeader('Vary', 'Accept-Encoding');
      // Hashed assets never change; the shell and the service worker are always revalidated.
      if (path.includes(`${join(distDir, 'assets')}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  });
  return true;
}

/** A page of the SPA: the chunks its first visit loads besides the entry, and its HTML. */
export interface SpaPage {
  chunks: string[];
  /**
   * The page drawn at build time (`prerendered/login.html`, or the signed-in shell), relative to
   * the build; without it, index.html with its spinner.
   */
  html?: string;
}

/**
 * The SPA's route table as the build wrote it (`spa-routes.json`, from TanStack Router's
 * generated route tree and Vite's manifest: apps/web/build-plugins.ts), so that a path no page
 * serves answers 404 and a page's HTML names its chunks. `$param` matches one segment, a lone
 * `$` the rest. Without the file (an older build), every path counts as a page. Read again when
 * it changes, as the pages' HTML is (a rebuilt SPA renames its chunks); a table caught mid-write
 * by a rebuild leaves the one read before in place.
 */
export function loadSpaRoutes(distDir: string): (path: string) => SpaPage | null {
  const file = join(distDir, 'spa-routes.json');
  if (!existsSync(file)) return () => ({ chunks: [] });
  let table = readRouteTable(file);
  return (path) => {
    try {
      if (statSync(file).mtimeMs !== table.mtimeMs) table = readRouteTable(file);
    } catch {
      // Being rewritten (or removed) by a build: keep serving the table read before.
    }
    const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
    return table.pages.find((candidate) => candidate.pattern.test(normalized))?.page ?? null;
  };
}

function readRouteTable(file: string): {
  mtimeMs: number;
  pages: { pattern: RegExp; page: SpaPage }[];
} {
  const { mtimeMs } = statSync(file);
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const pages = routesOf(parsed).map((route) => ({
    pattern: routePattern(route.path),
    page: route.html ? { chunks: route.chunks, html: route.html } : { chunks: route.chunks },
  }));
  if (pages.length === 0) throw new Error(`${file} lists no pages`);
  return { mtimeMs, pages };
}

/** The table's routes: `{routes: [{path, chunks, html?}]}`, or a plain list of paths (older builds). */
function routesOf(table: unknown): { path: string; chunks: string[]; html?: string }[] {
  const list: unknown[] = Array.isArray(table)
    ? table
    : isRecord(table) && Array.isArray(table.routes)
      ? table.routes
      : [];
  return list.flatMap((route) => {
    if (typeof route === 'string') return [{ path: route, chunks: [] }];
    if (!isRecord(route) || typeof route.path !== 'string') return [];
    const chunks = Array.isArray(route.chunks)
      ? route.chunks.filter((chunk): chunk is string => typeof chunk === 'string')
      : [];
    // Only a file the build wrote under prerendered/: the table never names a path outside it.
    const html =
      typeof route.html === 'string' && /^prerendered\/[\w-]+\.html$/.test(route.html)
        ? route.html
        : undefined;
    return [html ? { path: route.path, chunks, html } : { path: route.path, chunks }];
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * A page's HTML (its prerendered file, else index.html) with its chunks as module preloads (the
 * browser fetches them while it runs the entry, instead of when the router asks for them) and
 * what else the page's head should carry (its first answers). A prerendered page fetches its
 * scripts only after its first paint (apps/web/prerender.mjs, public/theme-init.js): its chunks
 * join that list, inert JSON, instead of links the browser would fetch at once. Each file is
 * read again when it changes, so a rebuilt SPA is served without a restart.
 */
/** Marks the inert JSON lists of the scripts a prerendered page fetches after its first paint. */
const AFTER_PAINT = 'data-after-paint';

export function createPageHtml(distDir: string): (page: SpaPage, headExtra?: string) => string {
  const cached = new Map<string, { mtimeMs: number; html: string }>();
  const read = (name: string) => {
    const file = join(distDir, name);
    const { mtimeMs } = statSync(file);
    const known = cached.get(name);
    if (known?.mtimeMs === mtimeMs) return known.html;
    const html = readFileSync(file, 'utf8');
    cached.set(name, { mtimeMs, html });
    return html;
  };
  return (page, headExtra = '') => {
    // A build whose prerendered file went missing still serves the page, from index.html.
    const html = read(page.html && existsSync(join(distDir, page.html)) ? page.html : 'index.html');
    const chunks = page.chunks
      .filter((chunk) => /^assets\/[\w.-]+\.js$/.test(chunk))
      .map((chunk) => `/${chunk}`);
    const links =
      chunks.length === 0
        ? ''
        : html.includes(AFTER_PAINT)
          ? `<script type="application/json" ${AFTER_PAINT}>${JSON.stringify({ preload: chunks })}</script>`
          : chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
    if (links === '' && headExtra === '') return html;
    return html.replace('</head>', `${links}${headExtra}</head>`);
  };
}

function routePattern(route: string): RegExp {
  const trimmed = route.length > 1 ? route.replace(/\/+$/, '') : route;
  const source = trimmed
    .split('/')
    .map((segment) => {
      if (segment === '$') return '.*';
      if (segment.startsWith('$')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source || '/'}$`);
}

/** The signed-in layout's frame with a spinner, which the build draws for every signed-in page. */
export const SHELL_HTML = 'prerendered/shell.html';

/**
 * The page as this visitor will see it first: the router sends a signed-in visitor from a public
 * page to the dashboard and a visitor nobody signed in from a signed-in page to sign-in, so
 * their first paint is the frame or the plain spinner, never a form they will not use. `session`
 * is what `auth.me` answered into the page (undefined when nothing was asked).
 */
export function pageForVisitor(page: SpaPage, session: unknown): SpaPage {
  if (!isRecord(session) || !page.html) return page;
  const signedIn = isRecord(session.user) && session.twoFactorRequired === false;
  if (signedIn && page.html !== SHELL_HTML) return { ...page, html: SHELL_HTML };
  if (session.user === null && page.html === SHELL_HTML) return { chunks: page.chunks };
  return page;
}
