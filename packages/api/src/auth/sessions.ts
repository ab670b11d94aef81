import {
  generateSessionToken,
  parseSessionToken,
  SESSION_TTL_MS,
  SHORT_SESSION_TTL_MS,
  secretMatches,
  shouldRefresh,
} from '@bank/auth/session-token';
import type { Database, Executor } from '@bank/db';
import { sessions, users } from '@bank/db/schema';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { Batcher } from '../batching.ts';
import type { AppPrincipal } from '../partners/app-access.ts';
import { EVENTS_CHANNEL } from '../realtime/events.ts';
import type { UserRow } from './dto.ts';

export type SessionRow = typeof sessions.$inferSelect;
export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
  token: string;
  /**
   * Set when a third-party app's token acts for the customer (REST): there is then no session
   * row, and `session` only describes the call (apps/server/src/app-tokens.ts).
   */
  app?: AppPrincipal;
}

/** How stale a session's lastSeenAt may grow before a request writes it again. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

function ttlOf(persistent: boolean): number {
  return persistent ? SESSION_TTL_MS : SHORT_SESSION_TTL_MS;
}

export async function createSession(
  db: Executor,
  input: {
    userId: string;
    persistent: boolean;
    twoFactorVerified: boolean;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<{ token: string; session: SessionRow }> {
  const { id, secretHash, token } = generateSessionToken();
  const [session] = await db
    .insert(sessions)
    .values({
      id,
      secretHash,
      userId: input.userId,
      persistent: input.persistent,
      twoFactorVerified: input.twoFactorVerified,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      expiresAt: new Date(Date.now() + ttlOf(input.persistent)),
    })
    .returning();
  if (!session) throw new Error('Session insert returned nothing');
  return { token, session };
}

type SessionAndUser = { session: SessionRow; user: UserRow };

/**
 * The sessions among `ids` (an SQL array) that are open now: what `validate` and the protected
 * procedures accept (not expired, user not blocked, e-mail verified, past the second factor).
 * The money's write confirms with it, in its own statement, the session a posting acts through.
 */
export function openSessionIds(ids: SQL): SQL {
  return sql`select s.id from ${sessions} s join ${users} u on u.id = s.user_id
    where s.id = any(${ids}) and s.expires_at > now() and not u.is_blocked
      and u.email_verified_at is not null and (s.two_factor_verified or u.two_factor_secret is null)`;
}

/** How long a looked-up session may answer `validate(token, { cached: true })` again. */
export const SESSION_CACHE_MS = 5_000;
/** In its last second, a cached session is looked up again in the background (in use). */
const SESSION_REFRESH_AHEAD_MS = 1_000;
/** Sessions remembered at most; the oldest go first. */
const SESSION_CACHE_CAPACITY = 20_000;

/**
 * Resolves session tokens. Every request looks its session up; the lookups that arrive
 * together share one prepared query (docs/decisions/012). Built once at start (AppDeps).
 *
 * Calls whose money write confirms the session in its own statement (LedgerDesk.submit) may
 * take it from what this instance looked up in the last few seconds instead (decision 022):
 * a session ended meanwhile still moves nothing and answers 401, on every instance.
 */
export class SessionFinder {
  private readonly batcher: Batcher<string, SessionAndUser | undefined>;
  /** Sessions as last looked up here, open ones only, by id. */
  private readonly recent = new Map<string, { row: SessionAndUser; at: number }>();
  /** Sessions being looked up again in the background, each with its lookup's start. */
  private readonly refreshing = new Map<string, number>();

  constructor(private readonly db: Database) {
    // Prepared once: every request runs it, and building the query costs more than running it.
    const lookup = db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        sql`${sessions.id} = any(array(select jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb)))`,
      )
      .prepare('session_lookup');
    this.batcher = new Batcher(
      async (ids: string[]) => {
        const rows = await lookup.execute({ ids: JSON.stringify([...new Set(ids)]) });
        const byId = new Map(rows.map((row) => [row.session.id, row]));
        return ids.map((sessionId) => ({ ok: true as const, value: byId.get(sessionId) }));
      },
      { maxInFlight: 2, maxBatch: 256 },
    );
  }

  /** A session ended (heard on the events channel, or ended here): never answered from memory. */
  forget(sessionId: string): void {
    this.recent.delete(sessionId);
    this.refreshing.delete(sessionId);
  }

  /**
   * Resolves a token to its session and user, or null. Expired sessions are deleted; blocked
   * users have none. Sliding expiry: a session used past half its lifetime is extended, and
   * `refreshed` tells the caller to send the cookie again. `cached`: only for calls that
   * confirm the session where they act (see the class).
   */
  async validate(
    token: string,
    options: { cached?: boolean } = {},
  ): Promise<(SessionWithUser & { refreshed: boolean }) | null> {
    const parsed = parseSessionToken(token);
    if (!parsed) return null;
    const now = Date.now();
    const remembered = options.cached ? this.recent.get(parsed.id) : undefined;
    // One that looks expired is looked up again: only what the database says ends a session.
    const fresh =
      remembered &&
      now - remembered.at < SESSION_CACHE_MS &&
      remembered.row.session.expiresAt.getTime() > now;
    if (fresh && now - remembered.at >= SESSION_CACHE_MS - SESSION_REFRESH_AHEAD_MS)
      this.refresh(parsed.id, now);
    const row = fresh ? remembered.row : await this.batcher.submit(parsed.id);
    if (!row || !secretMatches(parsed.secret, row.session.secretHash)) return null;
    if (row.session.expiresAt.getTime() <= now || row.user.isBlocked) {
      this.forget(row.session.id);
      await endSessions(this.db, eq(sessions.id, row.session.id));
      return null;
    }
    const found = await this.touch(row, now);
    if (found.row !== remembered?.row) this.remember(found.row, now);
    return { ...found.row, token, refreshed: found.refreshed };
  }

  /**
   * Looks a cached session up again before its entry runs out, so that under steady use no
   * request waits for the lookup (one in fifty did under the money bench, and made its 99th
   * percentile: docs/benchmarks.md). The entry is renewed only with what the database answered,
   * dated from when the lookup began; a session found ended, blocked or half-open is dropped, and
   * the next request looks it up itself (and ends it).
   */
  private refresh(sessionId: string, now: number) {
    if (this.refreshing.has(sessionId)) return;
    this.refreshing.set(sessionId, now);
    const settle = (row: SessionAndUser | undefined) => {
      // Forgotten meanwhile (it ended): what the lookup read may be from before it ended.
      if (this.refreshing.get(sessionId) !== now) return;
      this.refreshing.delete(sessionId);
      const open = row && row.session.expiresAt.getTime() > now && !row.user.isBlocked;
      if (open) this.remember(row, now);
      else this.recent.delete(sessionId);
    };
    this.batcher.submit(sessionId).then(settle, () => {
      // Not an answer: the entry runs out as it would have, and the next request looks it up.
      if (this.refreshing.get(sessionId) === now) this.refreshing.delete(sessionId);
    });
  }

  /** Records that the session was used: 'last seen' now and then, and the sliding expiry. */
  private async touch(
    row: SessionAndUser,
    now: number,
  ): Promise<{ row: SessionAndUser; refreshed: boolean }> {
    const ttl = ttlOf(row.session.persistent);
    if (!shouldRefresh(row.session.expiresAt, ttl, now)) {
      // 'Last seen' on the security screen, to within a few minutes: one write per session
      // per LAST_SEEN_RESOLUTION_MS, not one per request.
      if (now - row.session.lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS)
        return { row, refreshed: false };
      const lastSeenAt = new Date(now);
      await this.db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, row.session.id));
      return { row: { session: { ...row.session, lastSeenAt }, user: row.user }, refreshed: false };
    }
    const expiresAt = new Date(now + ttl);
    const lastSeenAt = new Date(now);
    await this.db
      .update(sessions)
      .set({ expiresAt, lastSeenAt })
      .where(eq(sessions.id, row.session.id));
    return {
      row: { session: { ...row.session, expiresAt, lastSeenAt }, user: row.user },
      refreshed: true,
    };
  }

  private remember(row: SessionAndUser, now: number) {
    // Half-open sessions (second factor or e-mail still owed) change by their next call: looked up.
    if (!isFullyOpen(row)) {
      this.recent.delete(row.session.id);
      return;
    }
    this.recent.delete(row.session.id);
    this.recent.set(row.session.id, { row, at: now });
    for (const id of this.recent.keys()) {
      if (this.recent.size <= SESSION_CACHE_CAPACITY) break;
      this.recent.delete(id);
    }
  }
}

function isFullyOpen({ session, user }: SessionAndUser): boolean {
  return (
    user.emailVerifiedAt !== null && (session.twoFactorVerified || user.twoFactorSecret === null)
  );
}

/**
 * Deletes the sessions `where` selects and, in the same statement, tells every instance which
 * ones ended (on the events channel, delivered at commit): their WebSockets close at once and
 * their subscriptions stop (docs/architecture.md 6).
 */
async function endSessions(db: Executor, where: SQL | undefined): Promise<void> {
  await db.execute(sql`with ended as (
      delete from ${sessions} where ${where} returning ${sessions.id} as id, ${sessions.userId} as user_id
    ), notified as (
      select pg_notify(${EVENTS_CHANNEL},
        jsonb_build_object('sessionEnded', ended.id, 'userId', ended.user_id)::text)
      from ended
    )
    select count(*)::int as n from notified`);
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await endSessions(db, eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function deleteUserSessions(
  db: Executor,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  await endSessions(
    db,
    keepSessionId
      ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
      : eq(sessions.userId, userId),
  );
}
