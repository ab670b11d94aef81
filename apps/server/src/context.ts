import type { IncomingMessage } from 'node:http';
import {
  type AppDeps,
  type Context,
  createContextInner,
  noopCookieJar,
  noopResponseHeaders,
} from '@bank/api/context';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { replyCookieJar, tokenFromHeaders } from './session-cookie.ts';

export interface ServerOptions {
  deps: AppDeps;
  secureCookies: boolean;
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
): Promise<Context> {
  const found = tokenFromHeaders(req.headers, options.secureCookies);
  const token = found?.token ?? connectionToken;
  const cookies = reply ? replyCookieJar(reply, options.secureCookies) : noopCookieJar;
  const auth = token ? await options.deps.sessions.validate(token) : null;
  if (found?.via === 'cookie') {
    if (!auth) cookies.clear();
    else if (auth.refreshed && auth.session.persistent) {
      cookies.set(auth.token, { persistent: true, expiresAt: auth.session.expiresAt });
    }
  }
  const userAgent = req.headers['user-agent'];
  return createContextInner({
    deps: options.deps,
    auth,
    credentialsSent: token !== undefined,
    cookies,
    response: reply ? { set: (name, value) => reply.header(name, value) } : noopResponseHeaders,
    request: { ip: clientIp(req), userAgent: typeof userAgent === 'string' ? userAgent : null },
  });
}
