import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { integratorGuidePage, integratorGuideStyle } from '../integrator-guide.ts';

/**
 * The API reference at /api/docs: Scalar's standalone bundle, served from our origin with our
 * own start-up script, so the strict CSP (no inline script, no outside host) holds. Scalar's
 * CDN fonts, its agent chat and its request proxy are switched off: the page asks nothing of
 * any other host (docs/decisions/018-openapi-contract.md).
 */
const scalarBundle = fileURLToPath(
  new URL('browser/standalone.js', import.meta.resolve('@scalar/api-reference')),
);

/** Scalar's configuration; `proxyUrl` stays unset so "Test request" calls us directly. */
export const scalarConfiguration = {
  url: '/api/v1/openapi.json',
  withDefaultFonts: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideDownloadButton: false,
  defaultOpenAllTags: false,
  operationTitleSource: 'summary',
  metaData: { title: 'Horizon Bank API reference' },
} as const;

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Horizon Bank API reference</title>
<meta name="description" content="The Horizon Bank REST API: authentication, payments, cards, loans and support.">
</head>
<body>
<noscript>The reference needs JavaScript. The OpenAPI 3.1 document itself is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>, and the <a href="/api/docs/integrators">integrator guide</a> is plain HTML.</noscript>
<div id="app"></div>
<script src="/api/docs/scalar.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

const init = `Scalar.createApiReference('#app', ${JSON.stringify(scalarConfiguration)});\n`;

export function registerApiDocs(app: FastifyInstance): void {
  let bundle: Promise<Buffer> | undefined;
  app.get('/api/docs', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page),
  );
  app.get('/api/docs/init.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(init),
  );
  let guide: Promise<string> | undefined;
  app.get('/api/docs/integrators', async (_req, reply) => {
    // A failed read is not kept: the next ask reads again.
    guide ??= integratorGuidePage().catch((error: unknown) => {
      guide = undefined;
      throw error;
    });
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(await guide);
  });
  app.get('/api/docs/integrators.css', async (_req, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(integratorGuideStyle),
  );
  app.get('/api/docs/scalar.js', async (_req, reply) => {
    bundle ??= readFile(scalarBundle);
    return reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send(await bundle);
  });
}
