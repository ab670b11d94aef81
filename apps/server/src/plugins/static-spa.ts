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

/** A page of the SPA: the chunks its first visit loads besides the entry. */
export interface SpaPage {
  chunks: string[];
}

/**
 * The SPA's route table as the build wrote it (`spa-routes.json`, from TanStack Router's
 * generated route tree and Vite's manifest: apps/web/build-plugins.ts), so that a path no page
 * serves answers 404 and a page's HTML names its chunks. `$param` matches one segment, a lone
 * `$` the rest. Without the file (an older build), every path counts as a page.
 */
export function loadSpaRoutes(distDir: string): (path: string) => SpaPage | null {
  const file = join(distDir, 'spa-routes.json');
  if (!existsSync(file)) return () => ({ chunks: [] });
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const pages = routesOf(parsed).map((route) => ({
    pattern: routePattern(route.path),
    page: { chunks: route.chunks },
  }));
  if (pages.length === 0) throw new Error(`${file} lists no pages`);
  return (path) => {
    const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
    return pages.find((candidate) => candidate.pattern.test(normalized))?.page ?? null;
  };
}

/** The table's routes: `{routes: [{path, chunks}]}`, or a plain list of paths (older builds). */
function routesOf(table: unknown): { path: string; chunks: string[] }[] {
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
    return [{ path: route.path, chunks }];
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The SPA's index.html with a page's chunks as module preloads (the browser fetches them while
 * it runs the entry, instead of when the router asks for them) and what else the page's head
 * should carry (its first answers). Read again when the file changes, so a rebuilt SPA is
 * served without a restart.
 */
export function createPageHtml(distDir: string): (page: SpaPage, headExtra?: string) => string {
  const file = join(distDir, 'index.html');
  let cached = { mtimeMs: -1, html: '' };
  return (page, headExtra = '') => {
    const { mtimeMs } = statSync(file);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    const links = page.chunks
      .filter((chunk) => /^assets\/[\w.-]+\.js$/.test(chunk))
      .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`)
      .join('');
    if (links === '' && headExtra === '') return cached.html;
    return cached.html.replace('</head>', `${links}${headExtra}</head>`);
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
