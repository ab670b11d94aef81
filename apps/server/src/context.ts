import type { IncomingMessage } from 'node:http';
import { createContextInner, noopCookieJar, noopResponseHeaders } from '@bank/api/context';
import type { AppDeps, Context } from '@bank/api/deps';
import { parseSessionToken } from '@bank/auth/session-token';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appCaller } from './app-tokens.ts';
import { replyCookieJar, tokenFromHeaders } from './session-cookie.ts';

export interface ServerOptions {
  deps: AppDeps;
  secureCookies: boolean;
  /** PUBLIC_URL is unset: e-mailed links follow the origin a local visitor used. */
  linkOriginFromLoopback?: boolean;
}

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d{1,5})?$/i;

/**
 * The origin a visitor on this machine used (http://127.0.0.1:3000 or http://localhost:3000),
 * so that a newcomer's e-mailed links open where they browse. Only for a loopback client and a
 * loopback Host: nobody else can steer where links point.
 */
function loopbackOrigin(req: FastifyRequest | IncomingMessage): string | null {
  const ip = clientIp(req);
  const host = req.headers.host;
  if (!ip || !LOOPBACK_ADDRESS.test(ip) || !host || !LOOPBACK_HOST.test(host)) return null;
  return `http://${host.toLowerCase()}`;
}

function clientIp(req: FastifyRequest | IncomingMessage): string | null {
  if ('ip' in req && typeof req.ip === 'string') return req.ip;
  return req.socket?.remoteAddress ?? null;
}

/**
 * Builds the procedure context of an HTTP request (tRPC or REST) or of a WebSocket upgrade:
 * the session from the Bearer header, the cookie, or (WebSocket) the connection's token.
 */
export async function createRequestContext(
  options: ServerOptions,
  req: FastifyRequest | IncomingMessage,
  reply: FastifyReply | null,
  connectionToken?: string,
  /** The call confirms the session where it acts (RestRoute.confirmsSession): cached will do. */
  cachedSession = false,
  /** A third-party app's access token is taken too (/api/v1 only, never tRPC or sockets). */
  acceptAppTokens = false,
): Promise<Context> {
  const found = tokenFromHeaders(req.headers, options.secureCookies);
  const token = found?.token ?? connectionToken;
  const cookies = reply ? replyCookieJar(reply, options.secureCookies) : noopCookieJar;
  // Session tokens are `id.secret`; an app's access token is one opaque string.
  const viaApp =
    acceptAppTokens && found?.via === 'bearer' && !parseSessionToken(found.token)
      ? ((await appCaller(options.deps, found.token)) ?? { app: null, auth: null })
      : undefined;
  const session =
    !viaApp && token
      ? await options.deps.sessions.validate(token, { cached: cachedSession })
      : null;
  if (found?.via === 'cookie') {
    if (!session) cookies.clear();
    else if (session.refreshed && session.session.persistent) {
      cookies.set(session.token, { persistent: true, expiresAt: session.session.expiresAt });
    }
  }
  const auth = viaApp ? viaApp.auth : session;
  const userAgent = req.headers['user-agent'];
  return createContextInner({
    deps: options.deps,
    auth,
    app: viaApp?.app ?? null,
    credentialsSent: token !== undefined,
    bearerToken: found?.via === 'bearer' ? found.token : null,
    cookies,
    response: reply ? { set: (name, value) => reply.header(name, value) } : noopResponseHeaders,
    request: {
      ip: clientIp(req),
      userAgent: typeof userAgent === 'string' ? userAgent : null,
      origin: options.linkOriginFromLoopback ? loopbackOrigin(req) : null,
    },
  });
}
