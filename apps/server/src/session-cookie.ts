import type { SessionCookieJar } from '@bank/api/deps';
import type { FastifyReply } from 'fastify';

/** `__Host-` prefixed and Secure in production (docs/architecture.md 4); plain over local http. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-session' : 'session';
}

export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      // a malformed cookie is ignored, not fatal
    }
  }
  return cookies;
}

/** The token of a well-formed `Authorization: Bearer <token>` header, or null. */
export function bearerToken(headers: { authorization?: string | undefined }): string | null {
  return headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

/**
 * The session token of a request: a Bearer header (REST callers) or the cookie. The cross-site
 * check asks this same function what will authenticate, so the two cannot disagree.
 */
export function tokenFromHeaders(
  headers: { authorization?: string | undefined; cookie?: string | undefined },
  secure: boolean,
): { token: string; via: 'bearer' | 'cookie' } | null {
  const bearer = bearerToken(headers);
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = parseCookieHeader(headers.cookie).get(sessionCookieName(secure));
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

export function replyCookieJar(reply: FastifyReply, secure: boolean): SessionCookieJar {
  const name = sessionCookieName(secure);
  const base = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
  return {
    set(token, { persistent, expiresAt }) {
      // Remember me: a persistent cookie; otherwise one that ends with the browser session.
      reply.setCookie(name, token, persistent ? { ...base, expires: expiresAt } : base);
    },
    clear() {
      reply.clearCookie(name, base);
    },
  };
}
