import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../session-cookie.ts';

const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // Chakra (Emotion) injects its styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

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

export function registerSecurity(app: FastifyInstance, opts: { production: boolean }): void {
  app.addHook('onRequest', async (req, reply) => {
    if (isCrossSiteRequest(req)) {
      await reply.code(403).send({ message: 'Cross-site request refused' });
    }
  });
  // An upgrade answered over HTTP (refused here, by the fairness bounds, or not found) leaves a
  // socket that Node's HTTP server no longer manages: nothing would ever close it, and each
  // one held a file descriptor until the client left.
  app.addHook('onResponse', async (req) => {
    if (isUpgrade(req.raw)) req.raw.socket.destroy();
  });
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('Content-Security-Policy', contentSecurityPolicy);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (opts.production) {
      reply.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    }
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
