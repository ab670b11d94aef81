import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { AppDeps } from '@bank/api/context';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { loggerOptions } from './logging.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { restV1Plugin } from './plugins/rest-v1.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStaticSpa } from './plugins/static-spa.ts';
import { registerTrpc } from './plugins/trpc.ts';

export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildServerOptions {
  deps: AppDeps;
  production: boolean;
  /** Secure, __Host- cookies: on in production (HTTPS). */
  secureCookies?: boolean;
  webDistDir?: string;
  logLevel?: string;
  /** Where log lines go (tests capture them); standard output otherwise. */
  logStream?: { write(line: string): void };
  trustProxy?: boolean;
  /** Origins whose browser pages may call /api/v1 (CORS); none by default. */
  corsOrigins?: readonly string[];
}

/** A caller's own request id is kept when it is a plain token; anything else gets a UUID. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestId(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED_REQUEST_ID.test(header) ? header : randomUUID();
}

/** The whole HTTP surface; main.ts listens on it, tests `inject` into it. */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1_048_576,
    // Graceful stop: idle keep-alive sockets close at once, busy ones after their answer.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    // Every log line of a request names it; the answer's X-Request-Id tells the caller.
    genReqId: (req) => requestId(req.headers['x-request-id']),
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  const serverOptions = {
    deps: options.deps,
    secureCookies: options.secureCookies ?? options.production,
  };

  registerSecurity(app, { production: options.production });
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 1_048_576 } });
  await registerTrpc(app, serverOptions);
  await app.register(restV1Plugin, {
    prefix: '/api/v1',
    ...serverOptions,
    corsOrigins: options.corsOrigins ?? [],
  });
  registerApiDocs(app);
  app.get('/healthz', async () => ({ status: 'ok' }));

  const hasSpa = await registerStaticSpa(app, options.webDistDir ?? defaultWebDistDir);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const wantsPage = req.method === 'GET' && !path.startsWith('/api') && !path.startsWith('/trpc');
    if (hasSpa && wantsPage && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found' });
  });
  return app;
}
