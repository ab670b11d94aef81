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
import { EVENTS_CHANNEL } from '../realtime/events.ts';
import type { UserRow } from './dto.ts';

export type SessionRow = typeof sessions.$inferSelect;
export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
  token: string;
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
 * Resolves session tokens. Every request looks its session up; the lookups that arrive
 * together share one prepared query (docs/decisions/012). Built once at start (AppDeps).
 */
export class SessionFinder {
  private readonly batcher: Batcher<string, SessionAndUser | undefined>;

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

  /**
   * Resolves a token to its session and user, or null. Expired sessions are deleted; blocked
   * users have none. Sliding expiry: a session used past half its lifetime is extended, and
   * `refreshed` tells the caller to send the cookie again.
   */
  async validate(token: string): Promise<(SessionWithUser & { refreshed: boolean }) | null> {
    const parsed = parseSessionToken(token);
    if (!parsed) return null;
    const row = await this.batcher.submit(parsed.id);
    if (!row || !secretMatches(parsed.secret, row.session.secretHash)) return null;
    const now = Date.now();
    if (row.session.expiresAt.getTime() <= now || row.user.isBlocked) {
      await endSessions(this.db, eq(sessions.id, row.session.id));
      return null;
    }
    const ttl = ttlOf(row.session.persistent);
    if (!shouldRefresh(row.session.expiresAt, ttl, now)) {
      // 'Last seen' on the security screen, to within a few minutes: one write per session
      // per LAST_SEEN_RESOLUTION_MS, not one per request.
      if (now - row.session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
        const lastSeenAt = new Date(now);
        await this.db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, row.session.id));
        return { session: { ...row.session, lastSeenAt }, user: row.user, token, refreshed: false };
      }
      return { ...row, token, refreshed: false };
    }
    const expiresAt = new Date(now + ttl);
    await this.db
      .update(sessions)
      .set({ expiresAt, lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.session.id));
    return { session: { ...row.session, expiresAt }, user: row.user, token, refreshed: true };
  }
}

/**
 * Deletes the sessions `where` selects and, in the same statement, tells every instance which
 * ones ended (on the events channel, delivered at commit): their WebSockets close at once and
 * their subscriptions stop (DESIGN.md 6).
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
