import type { Database, DbHandle } from '@bank/db';
import { SessionFinder, type SessionWithUser } from './auth/sessions.ts';
import { Fairness, type SocketChannel } from './fairness.ts';
import { LedgerDesk } from './ledger/desk.ts';
import type { Mailer } from './mail/outbox.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { EventHub } from './realtime/hub.ts';
import { SettingsCache } from './settings/service.ts';
import type { StoredUpload } from './support/file-types.ts';
import type { FileStorage } from './support/storage.ts';

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
  /** The bank's settings, cached for a second. */
  settings: SettingsCache;
  sessions: SessionFinder;
  /** The money's one front door. */
  ledger: LedgerDesk;
  /** Where attachment bytes live (local disk under DATA_DIR by default). */
  storage: FileStorage;
  /** This instance's bounds on what one caller may hold at once. */
  fairness: Fairness;
}

/** The long-lived helpers are built here, once per instance (or test), over its database. */
export function createAppDeps(
  handle: Pick<DbHandle, 'db' | 'kind'>,
  options: Omit<AppDeps, 'db' | 'dbKind' | 'settings' | 'sessions' | 'ledger' | 'fairness'> &
    Partial<Pick<AppDeps, 'fairness'>>,
): AppDeps {
  const settings = new SettingsCache(handle.db);
  const sessions = new SessionFinder(handle.db);
  options.hub.onSessionEnded((sessionId) => sessions.forget(sessionId));
  return {
    ...options,
    db: handle.db,
    dbKind: handle.kind,
    settings,
    sessions,
    ledger: new LedgerDesk(handle.db, settings),
    fairness: options.fairness ?? new Fairness(),
  };
}

/** How a procedure sets or clears the session cookie, whatever the transport. */
export interface SessionCookieJar {
  set(token: string, options: { persistent: boolean; expiresAt: Date }): void;
  clear(): void;
}

/** Headers a procedure adds to its HTTP answer (the REST adapter and tRPC over HTTP). */
export interface ResponseHeaders {
  set(name: string, value: string): void;
}

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
  /**
   * The origin this visitor used, when e-mailed links should follow it rather than
   * `publicUrl` (a local visitor with PUBLIC_URL unset: apps/server/src/context.ts).
   */
  origin?: string | null;
}

/** Where links in e-mails sent for this request point. */
export function linkOrigin(deps: Pick<AppDeps, 'publicUrl'>, request: RequestInfo): string {
  return request.origin ?? deps.publicUrl;
}

export interface Context {
  deps: AppDeps;
  auth: SessionWithUser | null;
  /** The request carried a session token (cookie or Bearer), valid or not: tells 401s apart. */
  credentialsSent: boolean;
  /** The raw token of this request's session (REST answers it to Bearer clients). */
  request: RequestInfo;
  cookies: SessionCookieJar;
  response: ResponseHeaders;
  /**
   * Files the REST adapter stored from this request's multipart body. Only the adapter sets
   * them, so a client can never name a stored file it did not upload in this request.
   */
  uploads: readonly StoredUpload[];
  /** The WebSocket the call came on (its fairness bounds); null over HTTP and in process. */
  socket: SocketChannel | null;
}

export const noopResponseHeaders: ResponseHeaders = { set() {} };

export const noopCookieJar: SessionCookieJar = { set() {}, clear() {} };

export function createContextInner(opts: {
  deps: AppDeps;
  auth?: SessionWithUser | null;
  credentialsSent?: boolean;
  request?: Partial<RequestInfo>;
  cookies?: SessionCookieJar;
  response?: ResponseHeaders;
  uploads?: readonly StoredUpload[];
}): Context {
  return {
    deps: opts.deps,
    auth: opts.auth ?? null,
    credentialsSent: opts.credentialsSent ?? opts.auth != null,
    request: {
      ip: opts.request?.ip ?? null,
      userAgent: opts.request?.userAgent ?? null,
      origin: opts.request?.origin ?? null,
    },
    cookies: opts.cookies ?? noopCookieJar,
    response: opts.response ?? noopResponseHeaders,
    uploads: opts.uploads ?? [],
    socket: null,
  };
}
