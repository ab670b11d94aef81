import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built SPA; any other GET for a page answers index.html (client routing). */
export async function registerStaticSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    // Looked up per request, so a rebuilt SPA is served without a restart.
    wildcard: true,
    // Our own Cache-Control below, not the plugin's max-age=0.
    cacheControl: false,
    // `/` itself answers the SPA shell (the other client routes reach it through the fallback).
    index: 'index.html',
    setHeaders(res, path) {
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
