import type { Database, DbHandle } from '@bank/db';
import type { SessionWithUser } from './auth/sessions.ts';
import type { Mailer } from './mail/outbox.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { EventHub } from './realtime/hub.ts';

/** What the procedures need from the process, built once by the server (or a test). */
export interface AppDeps {
  db: Database;
  dbKind: DbHandle['kind'];
  mailer: Mailer;
  rateLimiter: RateLimiter;
  hub: EventHub;
  encryptionKey: Buffer;
  publicUrl: string;
  /** The development mailbox is on whenever no SMTP is configured. */
  devMailbox: boolean;
}

/** How a procedure sets or clears the session cookie, whatever the transport. */
export interface SessionCookieJar {
  set(token: string, options: { persistent: boolean; expiresAt: Date }): void;
  clear(): void;
}

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface Context {
  deps: AppDeps;
  auth: SessionWithUser | null;
  /** The raw token of this request's session (REST answers it to Bearer clients). */
  request: RequestInfo;
  cookies: SessionCookieJar;
}

export const noopCookieJar: SessionCookieJar = { set() {}, clear() {} };

export function createContextInner(opts: {
  deps: AppDeps;
  auth?: SessionWithUser | null;
  request?: Partial<RequestInfo>;
  cookies?: SessionCookieJar;
}): Context {
  return {
    deps: opts.deps,
    auth: opts.auth ?? null,
    request: { ip: opts.request?.ip ?? null, userAgent: opts.request?.userAgent ?? null },
    cookies: opts.cookies ?? noopCookieJar,
  };
}
