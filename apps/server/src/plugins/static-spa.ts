import { existsSync, readFileSync } from 'node:fs';
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
    // `/` itself answers the SPA shell (the other client routes reach it through the fallback).
    index: 'index.html',
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

/**
 * The SPA's route table as the build wrote it (`spa-routes.json`, from TanStack Router's
 * generated route tree: apps/web/vite-route-table.ts), so that a path no page serves answers
 * 404. `$param` matches one segment, a lone `$` the rest. Without the file (an older build),
 * every path counts as a page.
 */
export function loadSpaRoutes(distDir: string): (path: string) => boolean {
  const file = join(distDir, 'spa-routes.json');
  if (!existsSync(file)) return () => true;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file} is not a list of paths`);
  const patterns = parsed
    .filter((route): route is string => typeof route === 'string')
    .map((route) => routePattern(route));
  return (path) => {
    const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
    return patterns.some((pattern) => pattern.test(normalized));
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
