import type { DbHandle } from '@bank/db';
import { SessionFinder, type SessionWithUser } from './auth/sessions.ts';
import type { AppDeps, Context, RequestInfo, ResponseHeaders, SessionCookieJar } from './deps.ts';
import { Fairness } from './fairness.ts';
import { LedgerDesk } from './ledger/desk.ts';
import { createAppAccess } from './partners/access.ts';
import type { AppPrincipal } from './partners/app-access.ts';
import { SettingsCache } from './settings/service.ts';
import type { StoredUpload } from './support/file-types.ts';

/** The long-lived helpers are built here, once per instance (or test), over its database. */
export function createAppDeps(
  handle: Pick<DbHandle, 'db' | 'kind'>,
  options: Omit<
    AppDeps,
    | 'db'
    | 'dbKind'
    | 'settings'
    | 'sessions'
    | 'ledger'
    | 'fairness'
    | 'now'
    | 'webhookTargets'
    | 'appAccess'
  > &
    Partial<Pick<AppDeps, 'fairness' | 'now' | 'webhookTargets' | 'appAccess'>>,
): AppDeps {
  const settings = new SettingsCache(handle.db);
  const sessions = new SessionFinder(handle.db);
  options.hub.onSessionEnded((sessionId) => sessions.forget(sessionId));
  const now = options.now ?? (() => new Date());
  return {
    ...options,
    db: handle.db,
    dbKind: handle.kind,
    settings,
    sessions,
    ledger: new LedgerDesk(handle.db, settings),
    fairness: options.fairness ?? new Fairness(),
    now,
    webhookTargets: options.webhookTargets ?? 'loopback',
    // The OAuth provider's tokens and consents, read from the database on every call.
    appAccess: options.appAccess ?? createAppAccess(handle.db, now),
  };
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
  bearerToken?: string | null;
  app?: AppPrincipal | null;
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
    bearerToken: opts.bearerToken ?? null,
    socket: null,
    app: opts.app ?? null,
  };
}
