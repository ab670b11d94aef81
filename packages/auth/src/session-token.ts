import { constantTimeEqual, randomToken, sha256 } from './random.ts';

/**
 * Session tokens as Lucia's guide teaches: `id.secret`, each 120 random bits; the database
 * keeps the id and the SHA-256 of the secret, never the secret.
 */
export interface NewSessionToken {
  id: string;
  secretHash: Buffer;
  token: string;
}

export function generateSessionToken(): NewSessionToken {
  const id = randomToken(15);
  const secret = randomToken(20);
  return { id, secretHash: sha256(secret), token: `${id}.${secret}` };
}

export function parseSessionToken(token: string): { id: string; secret: string } | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [id, secret] = parts;
  if (!id || !secret || id.length > 64 || secret.length > 64) return null;
  return { id, secret };
}

export function secretMatches(secret: string, storedHash: Uint8Array): boolean {
  return constantTimeEqual(sha256(secret), storedHash);
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session sign-in ("Remember me" off) still ends server-side after a day idle. */
export const SHORT_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** Sliding expiry: refreshed when less than half of the lifetime is left. */
export function shouldRefresh(expiresAt: Date, ttlMs: number, now = Date.now()): boolean {
  return expiresAt.getTime() - now < ttlMs / 2;
}
