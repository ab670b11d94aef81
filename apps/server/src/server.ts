import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import type { AppDeps } from '@bank/api/deps';
import { isDependencyUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@bank/api/unavailable';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { lazyChildLogger, loggerOptions } from './logging.ts';
import { oauthPlugin } from './oauth/routes.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { answersElement, pageAnswers } from './plugins/page-answers.ts';
import { restV1Plugin } from './plugins/rest-v1.ts';
import { registerSecurity, registerSecurityHeaders } from './plugins/security.ts';
import {
  createPageHtml,
  loadSpaRoutes,
  pageForVisitor,
  registerStaticSpa,
} from './plugins/static-spa.ts';
import { registerTrpc } from './plugins/trpc.ts';
import { databaseCheck, type ReadinessCheck, runReadinessChecks } from './readiness.ts';
import { sendServiceUnavailable, shuttingDownMessage } from './service-unavailable.ts';

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
  /** PUBLIC_URL is unset: e-mailed links follow the origin a local visitor used. */
  linkOriginFromLoopback?: boolean;
  /**
   * A request (headers and body) must have arrived whole within this, else 408 and the socket
   * is closed. Answers, WebSockets and downloads are not bounded by it.
   */
  requestTimeoutMs?: number;
  /** What /readyz asks besides the database (Redis, when configured). */
  readinessChecks?: Readonly<Record<string, ReadinessCheck>>;
}

/** README, Operations: a request body held longer than this is cut off with 408. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/**
 * How long a WebSocket has to answer the server's close frame when the server stops: a client
 * that stopped reading would otherwise hold the process for ws' own 30 s.
 */
export const WEBSOCKET_CLOSE_MS = 1_000;

/** A caller's own request id is kept when it is a plain token; anything else gets a UUID. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestId(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED_REQUEST_ID.test(header) ? header : randomUUID();
}

/** The whole HTTP surface; main.ts listens on it, tests `inject` into it. */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    childLoggerFactory: lazyChildLogger,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1_048_576,
    // Graceful stop: idle keep-alive sockets close at once, busy ones after their answer.
    forceCloseConnections: 'idle',
    // A request that arrives while closing gets the API's 503 (below), not Fastify's own body.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 200 },
    // Every log line of a request names it; the answer's X-Request-Id tells the caller.
    genReqId: (req) => requestId(req.headers['x-request-id']),
    // Slow bodies: the whole request within the bound, its headers too; Node checks open
    // requests every `connectionsCheckingInterval` (30 s by default), so often enough here.
    requestTimeout,
    http: {
      headersTimeout: Math.min(requestTimeout, 20_000),
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(requestTimeout / 4))),
    },
  });
  // First of the request hooks, so that every answer carries the security headers.
  registerSecurityHeaders(app, { production: options.production });
  // Set when close() begins: from then on every request but the probes answers 503.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    // Before @fastify/websocket's own preClose (registered later) closes the sockets without a
    // code: these are told 1001 (going away), and whoever does not answer within a second is
    // cut off.
    const sockets = app.websocketServer?.clients ?? new Set();
    for (const socket of sockets) socket.close(1001, 'Server shutting down');
    if (sockets.size > 0) {
      setTimeout(() => {
        for (const socket of sockets) socket.terminate();
      }, WEBSOCKET_CLOSE_MS).unref();
    }
    done();
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
    if (closing && req.url !== '/healthz' && req.url !== '/readyz') {
      return sendServiceUnavailable(reply, shuttingDownMessage);
    }
  });
  // Every 503 (an outage, maintenance, closing) tells the caller when to try again.
  // A callback, not an async function: it runs for every answer and has nothing to await.
  app.addHook('onSend', (_req, reply, payload, done) => {
    // A request that was in flight when closing began: its connection closes after the answer
    // (an idle keep-alive connection would otherwise hold close() for keepAliveTimeout, 72 s).
    if (closing) reply.header('Connection', 'close');
    // tRPC's adapter sends a fetch Response, whose status Fastify applies after this hook.
    const status = payload instanceof Response ? payload.status : reply.statusCode;
    if (status === 503 && !reply.hasHeader('Retry-After')) {
      reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    }
    done(null, payload);
  });
  // A route outside the REST adapter (pages, probes) that meets an outage answers 503 too;
  // anything else goes on to Fastify's own handler.
  app.setErrorHandler((error, _req, reply) => {
    if (isDependencyUnavailable(error)) return sendServiceUnavailable(reply);
    throw error;
  });
  const serverOptions = {
    deps: options.deps,
    secureCookies: options.secureCookies ?? options.production,
    linkOriginFromLoopback: options.linkOriginFromLoopback ?? false,
  };

  registerSecurity(app);
  // Before the routes, so it covers all of them (tRPC and REST too): answers above 1 kB go out
  // compressed; brotli at a low quality, since it is paid per request (the SPA's assets are
  // precompressed at build time instead, and an answer already encoded is left alone).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // JSON, HTML, JavaScript, text; not the CSV export (its download stalled compressed in the
    // e2e journey; the cause is not yet known).
    customTypes: /^(?:application\/(?:json|javascript|xml)|text\/(?!csv))/,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 1_048_576 } });
  await registerTrpc(app, serverOptions);
  await app.register(restV1Plugin, {
    prefix: '/api/v1',
    ...serverOptions,
    corsOrigins: options.corsOrigins ?? [],
  });
  // Third-party apps: the OAuth provider and the consent page's calls (docs/integrators.md).
  await app.register(oauthPlugin, { ...serverOptions, trustProxy: options.trustProxy ?? false });
  registerApiDocs(app);
  // The process is alive: no dependency is asked (a restart would not help a database outage).
  app.get('/healthz', async () => ({ status: 'ok' }));
  // It can serve: what load balancers and the compose file ask (README, Operations).
  const readinessChecks = {
    database: databaseCheck(options.deps.db),
    ...options.readinessChecks,
  };
  app.get('/readyz', async (_req, reply) => {
    if (closing) return sendServiceUnavailable(reply, shuttingDownMessage, { shuttingDown: true });
    const result = await runReadinessChecks(readinessChecks);
    reply.header('Cache-Control', 'no-store');
    if (result.ready) return { status: 'ok', checks: result.checks };
    const failed = Object.keys(result.checks).filter((name) => result.checks[name] !== 'ok');
    return sendServiceUnavailable(reply, `Not ready: ${failed.join(', ')} unavailable.`, {
      checks: result.checks,
    });
  });

  const webDistDir = options.webDistDir ?? defaultWebDistDir;
  const hasSpa = await registerStaticSpa(app, webDistDir);
  const spaPage = hasSpa ? loadSpaRoutes(webDistDir) : () => null;
  const pageHtml = createPageHtml(webDistDir);
  // A path that is no page still gets the SPA, whose not-found page people see, but with a 404
  // status for crawlers, monitors and caches.
  const sendPage = async (path: string, req: FastifyRequest, reply: FastifyReply) => {
    const page = spaPage(path);
    const answers = await pageAnswers(serverOptions, req, reply);
    return (
      reply
        .code(page ? 200 : 404)
        // A page carrying someone's session is kept by nobody: not by caches, nor by the
        // service worker's offline copy of the shell.
        .header('Cache-Control', answers ? 'no-store' : 'no-cache')
        .header('Vary', 'Accept-Encoding, Cookie, Sec-Fetch-Dest')
        .type('text/html; charset=utf-8')
        .send(
          pageHtml(
            pageForVisitor(page ?? { chunks: [] }, answers?.['auth.me']),
            answers ? answersElement(answers) : '',
          ),
        )
    );
  };
  // The static files' wildcard would answer `/` as a directory.
  if (hasSpa) app.get('/', (req, reply) => sendPage('/', req, reply));
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const wantsPage = req.method === 'GET' && !path.startsWith('/api') && !path.startsWith('/trpc');
    if (hasSpa && wantsPage && !/\.[a-z0-9]+$/i.test(path)) return sendPage(path, req, reply);
    return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
  });
  return app;
}
