// The application's dependency types, and nothing else: only `import type` here, from modules
// that never import this one back, so no feature reaches the others through it (no cycles;
// .dependency-cruiser.cjs checks both). context.ts builds these; the features take them.
import type { Database, DbHandle } from '@bank/db';
import type { SessionFinder, SessionWithUser } from './auth/sessions.ts';
import type { Fairness, SocketChannel } from './fairness.ts';
import type { LedgerDesk } from './ledger/desk.ts';
import type { Mailer } from './mail/outbox.ts';
import type { AppAccess, AppPrincipal } from './partners/app-access.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { EventHub } from './realtime/hub.ts';
import type { SettingsCache } from './settings/service.ts';
import type { StoredUpload } from './support/file-types.ts';
import type { FileStorage } from './support/storage.ts';
import type { WebhookTargetPolicy } from './webhooks/targets.ts';

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
  /** The time: which months are closed (statements), when webhooks retry. Tests set it. */
  now: () => Date;
  /**
   * Third-party apps' OAuth tokens and customers' grants: the OAuth provider's, read from the
   * database (partners/access.ts); tests may put tokens of their own on top (testing/app-access.ts).
   */
  appAccess: AppAccess;
  /** Where apps' webhooks may be sent (webhooks/targets.ts). */
  webhookTargets: WebhookTargetPolicy;
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

export interface Context {
  deps: AppDeps;
  auth: SessionWithUser | null;
  /** The request carried a session token (cookie or Bearer), valid or not: tells 401s apart. */
  credentialsSent: boolean;
  /** The raw token of this request's session (REST answers it to Bearer clients). */
  request: RequestInfo;
  /** The request's `Authorization: Bearer` token, if any: an app's OAuth token on app routes. */
  bearerToken: string | null;
  cookies: SessionCookieJar;
  response: ResponseHeaders;
  /**
   * Files the REST adapter stored from this request's multipart body. Only the adapter sets
   * them, so a client can never name a stored file it did not upload in this request.
   */
  uploads: readonly StoredUpload[];
  /** The WebSocket the call came on (its fairness bounds); null over HTTP and in process. */
  socket: SocketChannel | null;
  /**
   * A third-party app's access token made this call (REST only): the scopes it holds are
   * checked per operation, and `auth` is then the customer it acts for (null for the app's own
   * client-credentials calls).
   */
  app?: AppPrincipal | null;
}
