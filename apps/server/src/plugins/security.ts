import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { bearerToken } from '../session-cookie.ts';

/** The pages load nothing from another host, and nothing may frame them. */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Chakra (Emotion) injects its styles at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  },
};

/**
 * The security headers of every answer, from helmet (STYLE.md 20), set as a request arrives so
 * that an answer sent early (a refusal, the 503 of a closing server) carries them too. Only
 * what we send is on; helmet's other defaults are off. The middleware is built once: the
 * Fastify plugin built it again for every request, a twentieth of the API's time per transfer
 * under `pnpm bench` (docs/benchmarks.md, 2026-12-07).
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { production: boolean }): void {
  const setHeaders = helmet({
    contentSecurityPolicy,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.production
      ? { maxAge: 63_072_000, includeSubDomains: true }
      : false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    // helmet 8 throws rather than passing an error on; its callback only continues.
    setHeaders(req.raw, reply.raw, () => done());
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A browser tells where a request comes from; a state-changing request (or a WebSocket
 * upgrade, which carries the cookie) from another site is refused. Callers whose Bearer token is
 * what authenticates (the same parse as the session lookup's, so a malformed header that falls
 * back to the cookie is checked) pass; so do non-browser clients that send neither header.
 */
export function isCrossSiteRequest(req: FastifyRequest): boolean {
  const isUpgrade = req.headers.upgrade?.toLowerCase() === 'websocket';
  if (SAFE_METHODS.has(req.method) && !isUpgrade) return false;
  if (bearerToken(req.headers) !== null) return false;
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.origin;
  if (typeof origin === 'string') {
    try {
      return new URL(origin).host !== req.headers.host;
    } catch {
      return true;
    }
  }
  return false;
}

/** Node's `upgrade` flag (set on an HTTP upgrade's request; its types do not declare it). */
export function isUpgrade(req: IncomingMessage): boolean {
  return 'upgrade' in req && req.upgrade === true;
}

/** Cross-site refusals, upgrade sockets' end, and the headers helmet does not know. */
export function registerSecurity(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (isCrossSiteRequest(req)) {
      await reply.code(403).send({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
    }
  });
  // An upgrade answered over HTTP (refused here, by the fairness bounds, or not found) leaves a
  // socket that Node's HTTP server no longer manages: nothing would ever close it, and each
  // one held a file descriptor until the client left.
  app.addHook('onResponse', async (req) => {
    if (isUpgrade(req.raw)) req.raw.socket.destroy();
  });
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    // API answers are never cached, unless a route chose otherwise (the reference's script).
    if (
      (req.url.startsWith('/api') || req.url.startsWith('/trpc')) &&
      !reply.hasHeader('Cache-Control')
    ) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
